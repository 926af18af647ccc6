import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { emulator, expect, test, type EmulatorAccount, type Stack } from '../fixtures';
import { axeViolations } from './page-checks';
import { idToken } from './scan-helpers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const claimCli = path.join(root, 'backend/src/cli/admin-claim.ts');

/**
 * `npm run admin:grant -- <email>` against the e2e stack's Auth Emulator. Until that CLI is in the
 * tree the claim is set through the emulator's admin API, and the test says so. The CLI runs beside
 * the test, not blocking it: a blocked test process cannot retire its idle connections, and its next
 * request to the emulator would go out on one the emulator had closed meanwhile.
 */
async function grantAdmin(stack: Stack, account: EmulatorAccount) {
  if (!fs.existsSync(claimCli)) {
    test.info().annotations.push({
      type: 'warning',
      description: 'admin-claim CLI missing: claim set via the emulator API',
    });
    return setAdminClaim(stack, account.uid);
  }
  await promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), [claimCli, 'grant', account.email], {
    cwd: root,
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: stack.authEmulatorHost,
      FIREBASE_PROJECT_ID: stack.projectId,
      DATABASE_URL: stack.databaseUrl,
    },
    timeout: 60_000,
  });
}

async function setAdminClaim(stack: Stack, uid: string) {
  const res = await fetch(
    `http://${stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1/projects/${stack.projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, customAttributes: JSON.stringify({ admin: true }) }),
    },
  );
  expect(res.ok).toBe(true);
}

/** A consumer's API call with their ID token. */
async function asUser(stack: Stack, account: EmulatorAccount) {
  const token = await idToken(stack, account);
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${stack.baseURL}${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** An administrator and a member, with the member's API calls. */
async function adminAndMember(stack: Stack) {
  const accounts = emulator(stack);
  const [admin, member] = await Promise.all([accounts.createAccount(), accounts.createAccount()]);
  await grantAdmin(stack, admin);
  return { admin, member, api: await asUser(stack, member) };
}

async function signInToConsole(page: Page, account: EmulatorAccount) {
  await page.goto('/admin/');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The review comments the consumer product page lists (it reads them from this public endpoint). */
async function consumerReviewComments(page: Page, productId: number): Promise<string[]> {
  const res = await page.request.get(`/api/reviews/product/${productId}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Array<{ comment: string }>).map((review) => review.comment);
}

const moderation = (page: Page, reviewId: string) =>
  page.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/reviews/${reviewId}`) && r.request().method() === 'PUT',
  );

test('a non-administrator is refused by the moderation console', async ({ page, stack }) => {
  const member = await emulator(stack).createAccount();
  await signInToConsole(page, member);
  await expect(page.getByText('This account is not an administrator')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('an administrator moderates a review, corrects a product and reads its audit trail', async ({
  page,
  context,
  stack,
}) => {
  // A member adds a product and reviews it.
  const { admin, member, api } = await adminAndMember(stack);
  const stamp = randomUUID().slice(0, 8);
  const product = await api<{ id: number; rating: string }>('POST', '/api/products', {
    name: `Console crackers ${stamp}`,
    brand: 'E2E Bakery',
    barcode: `MANUAL_${stamp}`,
    ingredients: 'wheat flour, olive oil, salt',
    description: '',
    weight: '',
  });
  expect(product.rating).not.toBe('red');
  const comment = `Buy cheap watches ${stamp}`;
  const review = await api<{ id: string }>('POST', '/api/reviews', {
    productId: product.id,
    rating: 1,
    title: null,
    comment,
    isVerifiedPurchase: false,
  });

  const consumer = await context.newPage();
  expect(await consumerReviewComments(consumer, product.id)).toContain(comment);

  await signInToConsole(page, admin);
  await expect(page.getByRole('heading', { name: 'Reviews waiting' })).toBeVisible();
  await expect(page.getByText(/Projections (healthy|need attention)/)).toBeVisible();

  // Hide the review from the moderation queue, with a reason.
  await page.getByRole('menuitem', { name: 'Reviews' }).click();
  await page.getByPlaceholder('Text, author or product').fill(stamp);
  const row = page.getByRole('row').filter({ hasText: comment });
  await expect(row).toContainText(`Console crackers ${stamp}`);
  await row.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this review' });
  await dialog.getByLabel('Reason').fill('Spam link');
  const hidden = moderation(page, review.id);
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('Review hidden')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  expect((await hidden).status()).toBe(200);

  expect(await consumerReviewComments(consumer, product.id)).not.toContain(comment);

  // Restore it: back on the product page.
  await expect(row.getByText('Hidden')).toBeVisible();
  const restored = moderation(page, review.id);
  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Review restored')).toBeVisible();
  expect((await restored).status()).toBe(200);
  expect(await consumerReviewComments(consumer, product.id)).toContain(comment);

  // Correct the ingredients: the server recomputes the rating.
  await page.goto(`/admin/#/products/${product.id}/show`);
  await expect(page.getByText(`Console crackers ${stamp}`).first()).toBeVisible();
  await page.getByRole('link', { name: 'Correct' }).click();
  await page
    .getByLabel('Ingredients')
    .fill('wheat flour, palm oil, sugar, glucose syrup, E102, E110, E129, E211, flavourings');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product corrected. Rating: Warning')).toBeVisible();
  const corrected = (await (await consumer.request.get(`/api/products/${product.id}`)).json()) as {
    rating: string;
  };
  expect(corrected.rating).toBe('red');
  await consumer.goto(`/product/${product.id}`);
  await expect(consumer.getByTestId('rating-banner')).toContainText('Warning');

  // The audit trail: created by the member, corrected by the administrator.
  await page.getByRole('link', { name: 'History', exact: true }).click();
  const events = page.getByRole('row');
  await expect(events.filter({ hasText: 'ProductCreated' })).toContainText(member.uid);
  await expect(events.filter({ hasText: 'ProductCorrected' })).toContainText(admin.uid);
  await expect(events.filter({ hasText: 'ProductCorrected' })).toContainText('palm oil');
});

test('an administrator corrects the spelling of a brand across the catalogue', async ({
  page,
  context,
  stack,
}) => {
  test.slow(); // four products, two corrections, the consumer page and an axe check, on a shared machine
  const { admin, api } = await adminAndMember(stack);
  const stamp = randomUUID().slice(0, 8);
  const [misspelt, right] = [`CRUNCHCO ${stamp}`, `Crunchco ${stamp}`];
  const brandedProduct = (brand: string, i: number) =>
    api<{ id: number }>('POST', '/api/products', {
      name: `Crunch bar ${i} ${stamp}`,
      brand,
      barcode: `MANUAL_${stamp}_${i}`,
      ingredients: 'oats, honey, sunflower oil',
      description: '',
      weight: '',
    });
  const products = [];
  for (const i of [1, 2, 3]) products.push(await brandedProduct(misspelt, i));
  await brandedProduct(right, 4);

  await signInToConsole(page, admin);
  await expect(page.getByRole('heading', { name: 'Reviews waiting' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Brands' }).click();
  await page.getByPlaceholder('Brand').fill(stamp);
  // Spellings told apart by case, which `hasText` ignores: the row whose first cell is exactly it.
  const rowOf = (brand: string) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: brand, exact: true }) });
  await expect(rowOf(misspelt).getByRole('cell').nth(1)).toHaveText('3');
  await expect(rowOf(right).getByRole('cell').nth(1)).toHaveText('1');

  await rowOf(misspelt).getByRole('button', { name: 'Correct spelling' }).click();
  const dialog = page.getByRole('dialog', { name: `Correct the spelling of “${misspelt}”` });
  await expect(dialog).toContainText('Every 3 listed products');
  await dialog.getByLabel('Correct spelling').fill(right);
  await dialog.getByRole('button', { name: 'Correct spelling' }).click();
  await expect(page.getByText(`“${misspelt}” is now “${right}” on 3 listed products`)).toBeVisible();
  await expect(rowOf(right).getByRole('cell').nth(1)).toHaveText('4');
  await expect(rowOf(misspelt)).toHaveCount(0);

  const consumer = await context.newPage();
  await consumer.goto(`/product/${products[0]!.id}`);
  await expect(consumer.getByText(right).first()).toBeVisible();

  // Two moderators at once: the spelling is corrected elsewhere while this dialog is open.
  await rowOf(right).getByRole('button', { name: 'Correct spelling' }).click();
  const second = page.getByRole('dialog', { name: `Correct the spelling of “${right}”` });
  await second.getByLabel('Correct spelling').fill(`Crunchco Foods ${stamp}`);
  const elsewhere = await asUser(stack, admin);
  await elsewhere('POST', '/api/admin/brands/corrections', { from: right, to: `Crunch Co ${stamp}` });
  await second.getByRole('button', { name: 'Correct spelling' }).click();
  await expect(second.getByRole('alert')).toHaveText('No listed product carries this brand.');
  expect(await axeViolations(page)).toEqual([]);
});

test("a user's page names their personal scans by their first ingredients, as their history does", async ({
  page,
  stack,
}) => {
  const { admin, member, api } = await adminAndMember(stack);
  const stamp = randomUUID().slice(0, 8);
  // What the scan page sends for a label that named no product: a scan personal to the member.
  const scan = await api<{ id: number }>('POST', '/api/products', {
    name: 'Manual Analysis',
    brand: 'User Input',
    barcode: `MANUAL_${stamp}`,
    ingredients: `Chickpeas ${stamp}, tahini, lemon juice, garlic, olive oil, sea salt`,
    description: '',
    weight: '',
  });
  await api('POST', '/api/users/scanned-products', {
    productId: scan.id,
    scannedAt: new Date().toISOString(),
  });
  await api('POST', '/api/reviews', {
    productId: scan.id,
    rating: 5,
    title: null,
    comment: 'My own hummus.',
    isVerifiedPurchase: false,
  });

  await signInToConsole(page, admin);
  await expect(page.getByRole('heading', { name: 'Reviews waiting' })).toBeVisible();
  await page.goto(`/admin/#/users/${member.uid}/show`);
  const title = `Chickpeas ${stamp}, tahini, lemon juice…`;
  await page.getByRole('tab', { name: 'Scans' }).click();
  const scanRow = page.getByRole('row').filter({ hasText: 'User Input' });
  await expect(scanRow).toContainText(title);
  await expect(scanRow).not.toContainText('Manual Analysis');
  await page.getByRole('tab', { name: 'Reviews' }).click();
  const reviewRow = page.getByRole('row').filter({ hasText: 'My own hummus.' });
  await expect(reviewRow).toContainText(title);
  await expect(reviewRow).not.toContainText('Manual Analysis');
});

/**
 * A console screen: where it is, the page title its h1 shows, and what axe leaves out there: the
 * row checkboxes of react-admin's Datagrid put their aria-label on MUI's wrapper instead of the
 * input (label, aria-prohibited-attr), which the console cannot change short of its own rows.
 */
interface ConsoleScreen {
  path: string;
  title: string | RegExp;
  exclude?: string;
}

/** Opens each screen and collects axe's violations on the whole page, app bar and menu included. */
async function consoleViolations(page: Page, screens: ConsoleScreen[]): Promise<string[]> {
  const found: string[] = [];
  for (const screen of screens) {
    await page.goto(`/admin/#${screen.path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.title);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    found.push(
      ...(await axeViolations(page, undefined, screen.exclude)).map(
        (violation) => `${screen.path}: ${violation}`,
      ),
    );
  }
  return found;
}

test('every console screen is axe clean, in light and dark, with the page title as its heading', async ({
  page,
  stack,
}) => {
  test.slow();
  const { admin, member, api } = await adminAndMember(stack);
  const stamp = randomUUID().slice(0, 8);
  const product = await api<{ id: number }>('POST', '/api/products', {
    name: `Checked oatcakes ${stamp}`,
    brand: 'E2E Bakery',
    barcode: `MANUAL_${stamp}`,
    ingredients: 'oats, sunflower oil, salt',
    description: '',
    weight: '',
  });
  const review = await api<{ id: string }>('POST', '/api/reviews', {
    productId: product.id,
    rating: 4,
    title: `Crunchy ${stamp}`,
    comment: 'Good with cheese.',
    isVerifiedPurchase: false,
  });

  await page.goto('/admin/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Labelwise moderation');
  expect(await axeViolations(page)).toEqual([]);
  await signInToConsole(page, admin);
  await expect(page.getByRole('heading', { name: 'Reviews waiting' })).toBeVisible();

  const screens: ConsoleScreen[] = [
    { path: '/', title: 'Labelwise moderation' },
    { path: '/reviews', title: 'Reviews', exclude: 'td > .select-item' },
    { path: `/reviews/${review.id}/show`, title: new RegExp(`Crunchy ${stamp}`) },
    { path: '/products', title: 'Products' },
    { path: '/brands', title: 'Brands' },
    { path: `/products/${product.id}/show`, title: new RegExp(`Checked oatcakes ${stamp}`) },
    { path: `/products/${product.id}`, title: new RegExp(`Checked oatcakes ${stamp}`) },
    { path: '/articles', title: 'Articles' },
    { path: '/users', title: 'Users' },
    { path: `/users/${member.uid}/show`, title: /User/ },
    { path: '/projections', title: 'Projections' },
    { path: '/events', title: 'Event history' },
    { path: '/import-runs', title: 'Import runs' },
    { path: '/off-contributions', title: 'Sent to Open Food Facts' },
  ];
  expect(await consoleViolations(page, screens)).toEqual([]);
  await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
  // The dark theme's page background.
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(49, 49, 49)');
  expect(await consoleViolations(page, screens)).toEqual([]);
});

/** A valid EAN-13 nobody else uses: twelve digits from the clock and their check digit. */
function uniqueEan13(): string {
  const body = `29${String(Date.now()).slice(-10)}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

test('the console lists a label a shopper shared with Open Food Facts, with what OFF answered', async ({
  page,
  stack,
}) => {
  // The API's sender looks for labels to send every 30 s.
  test.slow();
  const { admin, api } = await adminAndMember(stack);
  const barcode = uniqueEan13();
  const label = { name: `Shared granola ${barcode}`, brand: 'E2E Mill', ingredients: 'oats, honey, almonds' };
  const product = await api<{ id: number }>('POST', '/api/products', {
    ...label,
    barcode,
    description: '',
    weight: '',
    offConsent: true,
  });

  await signInToConsole(page, admin);
  await page.getByRole('menuitem', { name: 'Sent to Open Food Facts' }).click();
  await expect(page.getByText(/Contributions to Open Food Facts are off/)).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: barcode });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText(label.brand);
  await expect(row).toContainText('HTTP 200: fields saved');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');

  // The stand-in's read API now has the label as the user typed it.
  const atOff = (await (await fetch(`${process.env.E2E_OFF_URL}/api/v2/product/${barcode}`)).json()) as {
    product: Record<string, string>;
  };
  expect(atOff.product).toMatchObject({
    product_name: label.name,
    brands: label.brand,
    ingredients_text_en: label.ingredients,
  });

  // The whole page, app bar and menu included, is axe clean, light and dark.
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
  expect(await axeViolations(page)).toEqual([]);

  // Filtered by state: among the sent, not among the failed.
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Sent' }).click();
  await expect(row).toHaveCount(1);

  // The product's name opens its console page.
  await row.getByRole('link', { name: label.name }).click();
  await expect(page).toHaveURL(new RegExp(`#/products/${product.id}/show$`));
});
