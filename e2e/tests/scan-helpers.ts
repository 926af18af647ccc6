import type { Page } from '@playwright/test';
import { emulator, expect, type EmulatorAccount, type Stack } from '../fixtures';

/** An ID token for the account, as the web SDK would get it from the Auth Emulator. */
export async function idToken(stack: Stack, account: EmulatorAccount): Promise<string> {
  const res = await fetch(
    `http://${stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
    },
  );
  return ((await res.json()) as { idToken: string }).idToken;
}

export async function api(stack: Stack, token: string, path: string, method = 'GET', body?: unknown) {
  const res = await fetch(`${stack.baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A verified free account with a username (so the username prompt stays away) and its token. */
export async function verifiedUser(stack: Stack, options: { verified?: boolean } = {}) {
  const account = await emulator(stack).createAccount({ verified: options.verified ?? true });
  const token = await idToken(stack, account);
  const username = `scan${account.uid.slice(0, 10)}`;
  if (options.verified ?? true) await api(stack, token, '/api/user/username', 'PATCH', { username });
  return { account, token, username };
}

/**
 * Records a scan of a new product through the API, as the scan page does after an analysis
 * (a manual analysis of oats unless told otherwise); the server rates the ingredients itself.
 */
export async function recordScanViaApi(
  stack: Stack,
  token: string,
  product: { name?: string; brand?: string; ingredients?: string } = {},
) {
  const created = await api(stack, token, '/api/products', 'POST', {
    name: 'Manual Analysis',
    brand: 'User Input',
    ingredients: 'Oats, salt',
    ...product,
    barcode: `MANUAL_${Date.now()}${Math.floor(Math.random() * 1000)}`,
    description: '',
    weight: '',
    rating: 'green',
  });
  await api(stack, token, '/api/users/scanned-products', 'POST', {
    productId: created.id,
    scannedAt: new Date().toISOString(),
  });
}

/** Signs in through the header's sign-in dialog (Email tab) and waits for the avatar. */
export async function signIn(page: Page, account: EmulatorAccount) {
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Labelwise' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await dialog.locator('input[type="password"]').fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** Signs in on Home, then opens the scan page from the top navigation (no reload). */
export async function signInAndOpenScan(page: Page, account: EmulatorAccount) {
  await page.goto('/');
  await signIn(page, account);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Scan', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Analyse Ingredients', level: 1 })).toBeVisible();
}
