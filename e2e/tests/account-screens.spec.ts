import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium';
import { emulator, expect, test } from '../fixtures';
import { productLinks, screenshotBothWidths, waitForOfflineReady } from './account-helpers';
import { signInWithEmail, toast } from './app-helpers';
import { axeViolations, horizontalOverflow } from './page-checks';
import { api, recordScanViaApi, verifiedUser } from './scan-helpers';

const INGREDIENTS = {
  green: 'Organic rolled oats, organic raisins, organic almonds, organic sunflower seeds',
  amber: 'Wholemeal wheat flour, water, yeast, salt, rapeseed oil, citric acid (E330)',
  red: 'Sugar, glucose syrup, hydrogenated palm oil, colours (E102, E129), sweetener (aspartame)',
};
/**
 * Waits, on a timer of the page's own, until well past the username check (a timer the page sets
 * 1.5 s after sign-in): the page fires its timers in order, so the check has fired by then however
 * busy the machine, where a wait counted by the test could end before the page got that far.
 */
const pastUsernameCheck = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 3_000)));

const preferenceSwitch = (page: Page, label: string) => page.getByRole('checkbox', { name: label });

test('preferences: a toggle saves itself and survives a reload', async ({ page, stack }) => {
  const { account } = await verifiedUser(stack);
  await page.goto('/');
  await signInWithEmail(page, account.email, account.password);
  await page.goto('/preferences');
  await expect(page.getByTestId('auto-saved')).toHaveText('Auto-saved');
  const dairyFree = preferenceSwitch(page, 'Dairy Free');
  await expect(dairyFree).not.toBeChecked();

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/users/preferences') && response.request().method() === 'PUT',
  );
  await page.getByText('Dairy Free', { exact: true }).click();
  await expect(dairyFree).toBeChecked();
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(preferenceSwitch(page, 'Dairy Free')).toBeChecked();
  await expect(preferenceSwitch(page, 'No Palm Oil')).not.toBeChecked();
  await screenshotBothWidths(page, 'account-preferences');
});

test.describe('preferences without a service worker', () => {
  // page.route cannot see requests a service worker answers.
  test.use({ serviceWorkers: 'block' });

  test('a failed save flips back and the error is logged', async ({ page, stack }) => {
    const { account } = await verifiedUser(stack);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.route('**/api/users/preferences', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL"}' })
        : route.fallback(),
    );
    await page.goto('/');
    await signInWithEmail(page, account.email, account.password);
    await page.goto('/preferences');
    const palmOil = preferenceSwitch(page, 'No Palm Oil');
    await expect(palmOil).not.toBeChecked();

    const refused = page.waitForResponse((response) => response.url().endsWith('/api/users/preferences'));
    await page.getByText('No Palm Oil', { exact: true }).click();
    expect((await refused).status()).toBe(500);
    await expect(palmOil).not.toBeChecked();
    // The revert is silent to the user, only logged.
    await expect.poll(() => errors.join('\n')).toContain('Saving preference noPalmOil failed; reverting');

    await page.unroute('**/api/users/preferences');
    await page.reload();
    await expect(preferenceSwitch(page, 'No Palm Oil')).not.toBeChecked();
  });
});

test('scan history: rating and brand chips filter, the select sorts', async ({ page, stack }) => {
  const { account, token } = await verifiedUser(stack);
  // Oldest first, so Most Recent shows them in reverse.
  await recordScanViaApi(stack, token, {
    name: 'Banana Bites',
    brand: 'Zeta Foods',
    ingredients: INGREDIENTS.green,
  });
  await recordScanViaApi(stack, token, {
    name: 'Apple Crunch',
    brand: 'Alpha Snacks',
    ingredients: INGREDIENTS.amber,
  });
  await recordScanViaApi(stack, token, {
    name: 'Cola Fizz',
    brand: 'Alpha Snacks',
    ingredients: INGREDIENTS.red,
  });

  await page.goto('/');
  await signInWithEmail(page, account.email, account.password);
  await page.goto('/scanned-products');
  const cards = productLinks(page);
  await expect(cards).toHaveText(['Cola Fizz', 'Apple Crunch', 'Banana Bites']);
  await expect(page.getByRole('heading', { name: '3 products' })).toBeVisible();

  const sort = page.getByLabel('Sort by');
  await sort.selectOption('Product Name');
  await expect(cards).toHaveText(['Apple Crunch', 'Banana Bites', 'Cola Fizz']);
  await sort.selectOption('Rating');
  await expect(cards).toHaveText(['Banana Bites', 'Apple Crunch', 'Cola Fizz']);
  await sort.selectOption('Most Recent');

  const ratings = page.getByRole('group', { name: 'Filter my scanned products by rating' });
  const brands = page.getByRole('group', { name: 'Filter my scanned products by brand' });
  await expect(brands.getByRole('button')).toHaveText(['All Brands', 'Alpha Snacks', 'Zeta Foods']);
  await ratings.getByRole('button', { name: 'Warning' }).click();
  await expect(cards).toHaveText(['Cola Fizz']);
  await ratings.getByRole('button', { name: 'Risk' }).click();
  await expect(cards).toHaveText(['Apple Crunch']);
  await ratings.getByRole('button', { name: 'All Products' }).click();
  await brands.getByRole('button', { name: 'Alpha Snacks' }).click();
  await expect(brands.getByRole('button', { name: 'Alpha Snacks' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveText(['Cola Fizz', 'Apple Crunch']);
  await screenshotBothWidths(page, 'account-scanned-products-filtered');

  await ratings.getByRole('button', { name: 'Green' }).click();
  await expect(page.getByText('No products match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cards).toHaveCount(3);

  await page.goto('/profile');
  await expect(page.getByRole('main')).toContainText(account.email);
  await screenshotBothWidths(page, 'account-profile');
  await page.goto('/community-scans');
  await expect(cards.filter({ hasText: 'Cola Fizz' })).toBeVisible();
  await screenshotBothWidths(page, 'account-community-scans');
});

test('favourites: the profile tile leads, by keyboard, to the products the user rated 4 or 5 stars', async ({
  page,
  stack,
}) => {
  const { account, token } = await verifiedUser(stack);
  await page.goto('/');
  await signInWithEmail(page, account.email, account.password);

  // None yet: the tile still leads somewhere, and the list says how to fill it.
  await page.goto('/profile');
  const tile = page.getByRole('link', { name: /Favorites/ });
  await expect(tile).toContainText('0');
  await tile.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/favourites$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Favourites');
  await expect(page.getByText('No favourites yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Review a product you scanned' })).toHaveAttribute(
    'href',
    '/scanned-products',
  );
  expect(await axeViolations(page), 'empty favourites: axe').toEqual([]);

  const stamp = account.uid.slice(0, 6);
  const reviewed = async (name: string, stars: number) => {
    const product = await api(stack, token, '/api/products', 'POST', {
      name: `${name} ${stamp}`,
      brand: 'Favourite Foods',
      barcode: `MANUAL_${name.replace(/\W/g, '')}${stamp}`,
      ingredients: INGREDIENTS.green,
      description: '',
      weight: '',
    });
    await api(stack, token, '/api/reviews', 'POST', {
      productId: product.id,
      rating: stars,
      title: null,
      comment: `${stars} stars from me.`,
      isVerifiedPurchase: false,
    });
  };
  await reviewed('Oat Clusters', 5);
  await reviewed('Plain Rice Cakes', 3);
  await reviewed('Berry Muesli', 4);
  await expect.poll(async () => (await api(stack, token, '/api/user/activity')).favorites).toBe(2);

  // On the narrowest phone the tile holds its label, and the list fits the screen.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/profile');
  await expect(tile).toContainText('2');
  expect(await tile.evaluate((link) => link.scrollWidth - link.clientWidth), 'tile overflows').toBe(0);
  await tile.click();
  await expect(productLinks(page)).toHaveText([`Berry Muesli ${stamp}`, `Oat Clusters ${stamp}`]);
  await expect(page.getByRole('heading', { name: '2 products' })).toBeVisible();
  expect(await horizontalOverflow(page), 'wider than a 320 px phone').toBeLessThanOrEqual(0);
  expect(await axeViolations(page), 'favourites: axe').toEqual([]);
  await screenshotBothWidths(page, 'account-favourites');

  await productLinks(page).filter({ hasText: 'Oat Clusters' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Oat Clusters ${stamp}`);
});

test('username prompt: shown to a user without one, validated, and never again once set', async ({
  page,
  stack,
}) => {
  const account = await emulator(stack).createAccount();
  await page.goto('/');
  await signInWithEmail(page, account.email, account.password);
  const modal = page.getByRole('dialog', { name: 'Choose Your Username' });
  await expect(modal).toBeVisible();
  await screenshotBothWidths(page, 'account-username-modal');

  const username = modal.getByRole('textbox', { name: 'Username' });
  await username.fill('ab');
  await modal.getByRole('button', { name: 'Set Username' }).click();
  await expect(modal.getByText('Username must be at least 3 characters')).toBeVisible();
  await username.fill('oat-lover');
  await modal.getByRole('button', { name: 'Set Username' }).click();
  await expect(modal.getByText('Username can only contain letters, numbers, and underscores')).toBeVisible();

  const name = `oat_${account.uid.slice(0, 8)}`;
  await username.fill(name);
  await modal.getByRole('button', { name: 'Set Username' }).click();
  await expect(toast(page, 'Username set!')).toBeVisible();
  await expect(modal).toBeHidden();

  // After a reload the app asks for the profile again: it has the username, so no prompt.
  const profile = page.waitForResponse((response) => response.url().endsWith('/api/user/profile'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(((await (await profile).json()) as { username: string }).username).toBe(name);
  await pastUsernameCheck(page);
  await expect(modal).toBeHidden();
});

test('username prompt: skipping is remembered, for the visit and the next sign-in', async ({
  page,
  stack,
}) => {
  const account = await emulator(stack).createAccount();
  await page.goto('/');
  await signInWithEmail(page, account.email, account.password);
  const modal = page.getByRole('dialog', { name: 'Choose Your Username' });
  await modal.getByRole('button', { name: 'Skip for now' }).click();
  await expect(modal).toBeHidden();
  // Remembered on this device, for this user.
  expect(await page.evaluate(() => localStorage.getItem('labelwise-username-skipped'))).toContain(
    account.uid,
  );

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Scan', exact: true })
    .click();
  await pastUsernameCheck(page);
  await expect(modal).toBeHidden();

  // Signed out and in again: not asked again.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await signInWithEmail(page, account.email, account.password);
  await pastUsernameCheck(page);
  await expect(modal).toBeHidden();
});

test('offline: the installed app shell reloads without a network and analyses pasted text', async ({
  page,
  context,
  stack,
}) => {
  const { account } = await verifiedUser(stack);
  await page.goto('/');
  await signInWithEmail(page, account.email, account.password);
  await waitForOfflineReady(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await screenshotBothWidths(page, 'account-offline-home');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Scan', exact: true })
    .click();
  await page.getByRole('textbox', { name: 'Ingredients' }).fill(INGREDIENTS.red);
  await page.getByRole('button', { name: 'Analyse Ingredients' }).click();
  const results = page.getByRole('region', { name: 'Analysis results' });
  await expect(results.getByTestId('rating-banner')).toContainText('Warning');
  await expect(
    page.getByRole('status').filter({ hasText: 'this scan will be saved when you are back online' }),
  ).toBeVisible();
  await screenshotBothWidths(page, 'account-offline-scan');
  // The camera screen is part of the offline app too (reading a photo then needs the network).
  await page.getByRole('button', { name: 'Scan with Camera' }).click();
  const camera = page.getByRole('dialog', { name: 'Scan Ingredients' });
  await expect(camera).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(camera).toBeHidden();

  await context.setOffline(false);
  await expect(results.getByRole('link', { name: 'View saved product' })).toBeVisible();
  await page.goto('/scanned-products');
  // A personal scan is named in the history by the start of the ingredients it read.
  await expect(productLinks(page)).toHaveText(['Sugar, glucose syrup, hydrogenated palm…']);

  const cachedApiPaths = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths.filter((path) => path.startsWith('/api/'));
  });
  // Only the public runtime config; nothing user-specific.
  expect(cachedApiPaths).toEqual(['/api/config']);

  // A screen never opened before cannot load offline, and says so.
  await context.setOffline(true);
  await page.goto('/learn');
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await page.getByRole('link', { name: 'Analyse Ingredients' }).click();
  await expect(page.getByRole('heading', { name: 'Analyse Ingredients', level: 1 })).toBeVisible();
});

test('installable: Chromium accepts the manifest, its icons and the service worker', async ({ stack }) => {
  // Incognito windows never install apps, and every Playwright context is one: use a profile.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    baseURL: stack.baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await waitForOfflineReady(page);
    const cdp = await context.newCDPSession(page);
    const { errors, data } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    expect(JSON.parse(data ?? '{}')).toMatchObject({
      name: 'Labelwise',
      short_name: 'Labelwise',
      start_url: '/',
      display: 'standalone',
      theme_color: '#16a34a',
    });
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('a new worker takes over: older caches go and the open page reloads onto it', async ({ page }) => {
  await page.goto('/');
  await waitForOfflineReady(page);
  const cacheNames = () => page.evaluate(async () => (await caches.keys()).sort());
  const [current] = await cacheNames();
  expect(current).toMatch(/^labelwise-[0-9a-f]{16}$/);

  // What a previous deploy left behind, and a worker script the browser has not seen yet (a new
  // URL stands in for new bytes at /sw.js: the test cannot change the build it runs against).
  await page.evaluate(async () => {
    await (await caches.open('labelwise-previous-deploy')).put('/index.html', new Response('old'));
    (window as { beforeUpdate?: boolean }).beforeUpdate = true;
  });
  await page.evaluate(() => void navigator.serviceWorker.register('/sw.js?next-deploy'));
  // The reloaded page registers /sw.js again, another new URL: it may reload once more. A page
  // that is going away answers nothing, which counts as "not yet".
  const settled = <T>(read: () => Promise<T>) => read().catch(() => 'reloading');
  await expect
    .poll(() => settled(() => page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)))
    .toBeUndefined();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect.poll(() => settled(cacheNames)).toEqual([current]);
});

test('community and clean alternatives render for a signed-in user', async ({ page, stack }) => {
  const { account } = await verifiedUser(stack);
  await page.goto('/');
  await signInWithEmail(page, account.email, account.password);
  for (const [path, heading] of [
    ['/community', 'Community Favourites'],
    ['/alternatives', 'Clean Alternatives'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await screenshotBothWidths(page, `account${path.replace('/', '-')}`);
  }
});
