import type { Locator } from '@playwright/test';
import { expect, saveScreenshot, test } from '../fixtures';
import { toast } from './app-helpers';
import { watchForStatus } from './page-checks';
import { api, recordScanViaApi, signIn, signInAndOpenScan, verifiedUser } from './scan-helpers';

const LIMIT_MESSAGE = "You've reached your monthly scan limit. Upgrade to Premium for unlimited scans.";

test('signed out: the scan page asks to sign in, and the camera goes to /auth', async ({ page }) => {
  await page.goto('/scan');
  await expect(page.getByRole('heading', { name: 'Analyse Ingredients', level: 1 })).toBeVisible();
  const analyse = page.getByRole('button', { name: 'Sign in to Analyse' });
  await expect(analyse).toBeVisible();
  await analyse.click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Labelwise' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Examples and inline dietary alerts work for everyone.
  const ingredients = page.getByRole('textbox', { name: 'Ingredients' });
  await ingredients.fill('Rice flour, butter, sugar');
  const alerts = page.getByTestId('inline-dietary-alerts');
  await expect(alerts).toContainText('Dairy alert');
  await expect(alerts).not.toContainText('Gluten alert');
  await ingredients.fill('Corn flour, coconut flour, almond flour');
  await expect(alerts).toBeEmpty();
  await ingredients.fill('Wheat flour, cream');
  await expect(alerts).toContainText('Gluten alert');
  await expect(alerts).toContainText('Dairy alert');

  await page.getByRole('button', { name: 'Scan with Camera' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('examples fill the sample, rate it after a moment, and editing clears the selection', async ({
  page,
}) => {
  await page.goto('/scan');
  const green = page.getByRole('button', { name: 'Green', exact: true });
  await green.click();
  await expect(green).toHaveAttribute('aria-pressed', 'true');
  const ingredients = page.getByRole('textbox', { name: 'Ingredients' });
  await expect(ingredients).toHaveValue(/Organic rolled oats/);
  await expect(page.getByTestId('rating-banner')).toContainText('Green');

  await page.getByRole('button', { name: 'Risk', exact: true }).click();
  await expect(page.getByTestId('rating-banner')).toContainText('Risk');
  await expect(page.getByTestId('inline-dietary-alerts')).toContainText('Gluten alert');
  await ingredients.press('End');
  await ingredients.pressSequentially(', sugar');
  await expect(page.getByRole('button', { name: 'Risk', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('a verified free user analyses the Warning example, sees the scan on Home, and is stopped at the limit', async ({
  page,
  stack,
}) => {
  test.slow();
  const { account, token } = await verifiedUser(stack);
  await signInAndOpenScan(page, account);
  await expect(page.getByRole('button', { name: 'Analyse Ingredients' })).toBeDisabled();

  await page.getByRole('button', { name: 'Warning', exact: true }).click();
  await expect(page.getByTestId('rating-banner')).toContainText('Warning');
  const analysingShown = await watchForStatus(page, 'Analysing ingredients...');
  await page.getByRole('button', { name: 'Analyse Ingredients' }).click();
  const results = page.getByRole('region', { name: 'Analysis results' });
  await expect(results.getByTestId('rating-banner')).toContainText('Warning');
  expect(await analysingShown(), 'the "Analysing ingredients..." status on the way').toBe(true);
  await expect(page.getByRole('button', { name: 'Warning', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const concerns = results.getByRole('listitem').filter({ hasText: 'Tartrazine (E102)' });
  await expect(concerns).toContainText('high');
  await expect(results.getByText('Highly processed', { exact: true })).toBeVisible();
  // Sugars, starch, hydrogenated fat, whey, additives: nothing on this label is a clean ingredient.
  await expect(results.getByText('Clean ingredients')).toHaveCount(0);
  await expect(results.getByRole('link', { name: 'View saved product' })).toBeVisible();
  await saveScreenshot(page, 'scan-warning-result');

  // Four more typed analyses, each with its own product name, which the form says makes them public.
  await expect(page.getByRole('textbox', { name: 'Product name' })).toHaveAccessibleDescription(
    'A named product is shared with everyone on Labelwise. Leave the name empty to keep this scan private.',
  );
  const ingredients = page.getByRole('textbox', { name: 'Ingredients' });
  for (let i = 2; i <= 5; i++) {
    await page.getByRole('textbox', { name: 'Product name' }).fill(`Test loaf ${i}`);
    await ingredients.fill('Wholemeal wheat flour, water, yeast, salt');
    await page.getByRole('button', { name: 'Analyse Ingredients' }).click();
    await expect(results.getByRole('link', { name: 'View saved product' })).toBeVisible();
  }

  // Home (reached without a reload) shows the refreshed counts and the user's scans.
  await page.getByRole('link', { name: 'Labelwise home' }).click();
  await expect(page.getByTestId('scan-usage-banner')).toContainText('5 of 10 free scans used this month');
  await expect(page.getByText('Test loaf 5').first()).toBeVisible();
  // The first scan had no product name: it is the user's own (issue #22), not one of everyone's
  // Recently Scanned, but in their history, where its page opens.
  const everyone = page.getByRole('region', { name: 'Recently Scanned', exact: true });
  await expect(everyone.getByText('Test loaf 5')).toBeVisible();
  await expect(everyone.getByText('Manual Analysis')).toHaveCount(0);
  // Named there by the ingredients it read.
  await page.goto('/scanned-products');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Sugar, glucose syrup, modified maize…/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Manual Analysis', level: 1 })).toBeVisible();

  // The rest of the allowance through the API, then the limit banner and the refusal.
  for (let i = 6; i <= 10; i++) await recordScanViaApi(stack, token);
  await page.goto('/scan');
  // One box says it (issue #22: not the usage banner and the gate notice stacked).
  await expect(page.getByTestId('scan-gate')).toContainText('Scan limit reached');
  await expect(page.getByTestId('scan-gate')).toContainText(LIMIT_MESSAGE);
  await expect(page.getByTestId('scan-gate')).toContainText(
    /10 of 10 free scans used this month; they start again on 1 \w+\./,
  );
  await expect(page.getByTestId('scan-usage-banner')).toHaveCount(0);
  await expect(page.getByText('Scan limit reached', { exact: true })).toHaveCount(1);
  await ingredients.fill('Oats, water');
  await page.getByRole('button', { name: 'Analyse Ingredients' }).click();
  await expect(toast(page, 'Scan limit reached')).toBeVisible();
  await expect(page.getByText(LIMIT_MESSAGE).first()).toBeVisible();
  await expect(page).toHaveURL(/\/premium$/);
  // The label typed is still there when the user comes back.
  await page.goBack();
  await expect(page).toHaveURL(/\/scan$/);
  await expect(ingredients).toHaveValue('Oats, water');
});

test('an unverified user sees the verification message and can resend the email', async ({ page }) => {
  // Email sign-in refuses unverified addresses; a fresh sign-up stays signed in unverified.
  const email = `e2e-unverified-${Date.now()}@example.test`;
  await page.goto('/scan');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Labelwise' });
  await dialog.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.locator('input[type="password"]').fill('correct-horse-1');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();

  const gate = page.getByTestId('scan-gate');
  await expect(gate).toContainText('Please verify your email address before scanning.');
  await gate.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(toast(page, 'Verification email sent')).toBeVisible();
});

test("the results list the alerts of the user's dietary preferences", async ({ page, stack }) => {
  const { account, token } = await verifiedUser(stack);
  await api(stack, token, '/api/users/preferences', 'PUT', {
    noArtificialSweeteners: true,
    noPalmOil: false,
    organic: false,
    noGluten: true,
    noDairy: false,
    premiumAlerts: { noNuts: false, noSoy: false, noMSG: false, noENumbers: false },
  });
  await signInAndOpenScan(page, account);
  await page.getByRole('button', { name: 'Warning', exact: true }).click();
  await page.getByRole('button', { name: 'Analyse Ingredients' }).click();
  const alerts = page
    .getByRole('region', { name: 'Analysis results' })
    .getByRole('list', { name: 'Dietary alerts' });
  await expect(alerts).toContainText('aspartame');
  await expect(alerts.getByRole('listitem')).toHaveCount(1);
});

test('the camera error screen offers Try Again and Upload a photo', async ({ page, stack }) => {
  const { account } = await verifiedUser(stack);
  await page.addInitScript(() => {
    const media = navigator.mediaDevices;
    const original = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      if ((window as unknown as { allowCamera?: boolean }).allowCamera) return original(constraints);
      throw new DOMException('Permission denied', 'NotAllowedError');
    };
  });
  await signInAndOpenScan(page, account);
  await page.getByRole('button', { name: 'Scan with Camera' }).click();
  const overlay = page.getByRole('dialog', { name: 'Scan Ingredients' });
  await expect(overlay.getByRole('heading', { name: 'Camera Not Available' })).toBeVisible();
  await expect(overlay.getByText('Camera access denied or not available')).toBeVisible();
  await expect(overlay.getByRole('button', { name: 'Try Again' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await overlay.getByRole('button', { name: 'Upload a photo' }).click();
  expect((await chooser).isMultiple()).toBe(false);
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
});

for (const [width, height, label] of [
  [1280, 800, 'desktop'],
  [390, 844, 'mobile'],
] as const) {
  test(`screenshot of the scan page (${label})`, async ({ page, stack }) => {
    await page.setViewportSize({ width, height });
    const { account } = await verifiedUser(stack);
    await page.goto('/');
    await signIn(page, account);
    await page.goto('/scan');
    await page.getByRole('button', { name: 'Risk', exact: true }).click();
    await expect(page.getByTestId('rating-banner')).toContainText('Risk');
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, `${label}-scan-analysis`);
  });
}

/**
 * Where an element sits against what hides part of the view: the sticky header above, the tab bar
 * below (on a phone).
 */
const placeInView = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const header = document.querySelector('header')!.getBoundingClientRect();
    const tabBar = document.querySelector('nav[aria-label="Tab bar"]')?.getBoundingClientRect();
    return {
      belowHeader: Math.round(box.top - header.bottom),
      aboveTabBar: Math.round((tabBar?.top ?? window.innerHeight) - box.bottom),
    };
  });

for (const [width, height] of [
  [390, 844],
  [320, 568],
] as const) {
  test(`after Analyse, the verdict word and its reason are in full view below the header (${width} px)`, async ({
    page,
    stack,
  }) => {
    await page.setViewportSize({ width, height });
    const { account } = await verifiedUser(stack);
    await page.goto('/');
    await signIn(page, account);
    await page.goto('/scan');
    await page.getByRole('button', { name: 'Warning', exact: true }).click();
    await page.getByRole('button', { name: 'Analyse Ingredients' }).click();
    const verdict = page.getByRole('region', { name: 'Analysis results' }).getByTestId('rating-banner');
    await expect(verdict).toContainText('Warning');
    await expect(verdict).toContainText('Consider an alternative.');
    // In full view once the page has scrolled to it, and still there once everything has loaded.
    const fullyShown = { belowHeader: true, aboveTabBar: true };
    const shown = async () => {
      const place = await placeInView(verdict);
      return { belowHeader: place.belowHeader >= 0, aboveTabBar: place.aboveTabBar >= 0 };
    };
    await expect.poll(shown).toEqual(fullyShown);
    await page.waitForLoadState('networkidle');
    expect(await shown(), JSON.stringify(await placeInView(verdict))).toEqual(fullyShown);
  });
}
