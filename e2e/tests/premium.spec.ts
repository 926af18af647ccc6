import { emulator, expect, saveScreenshot, test, type EmulatorAccount, type Stack } from '../fixtures';
import type { Page } from '@playwright/test';

/** An ID token for the account, as the web SDK would get it from the Auth Emulator. */
async function idToken(stack: Stack, account: EmulatorAccount): Promise<string> {
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

async function api(
  stack: Stack,
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  const res = await fetch(`${stack.baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A verified free user with a username (so the username prompt stays away), signed in through the dialog on /premium. */
async function signedInFreeUser(page: Page, stack: Stack) {
  const account = await emulator(stack).createAccount({ verified: true });
  const token = await idToken(stack, account);
  await api(stack, token, '/api/user/username', {
    method: 'PATCH',
    body: { username: `buyer${account.uid.slice(0, 8)}` },
  });

  await page.goto('/premium');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toBeHidden();
  return { account, token };
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByRole('button', { name: /^Upgrade to Premium/ }).click();
  await expect(page.getByText('Test mode — no real payment is taken')).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £4\.99/ }).click();
}

test('a free user upgrades with the test card and is welcomed to Premium', async ({ page, stack }) => {
  const { token } = await signedInFreeUser(page, stack);
  await expect(page.getByText('Save 20%')).toBeVisible();
  await expect(page.getByText('Save £11.89 yearly')).toBeVisible();
  await expect(page.getByText('Cancel anytime. No commitments.')).toBeVisible();

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await expect(page.getByText('Welcome to Premium!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await saveScreenshot(page, 'premium-welcome');

  expect((await api(stack, token, '/api/subscription')).body).toMatchObject({
    isPremium: true,
    subscription: { plan: 'monthly', status: 'active' },
  });
  expect((await api(stack, token, '/api/user/profile')).body).toMatchObject({ isPremium: true });

  await page.goto('/premium');
  await expect(page.getByText('Premium Member', { exact: true })).toBeVisible();
});

test('a declined card shows Payment Failed and changes nothing', async ({ page, stack }) => {
  const { token } = await signedInFreeUser(page, stack);
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/premium$/);
  await saveScreenshot(page, 'premium-declined');
  expect((await api(stack, token, '/api/subscription')).body).toMatchObject({
    isPremium: false,
    subscription: null,
  });
});

test('a guest who upgrades is sent to /auth', async ({ page }) => {
  await page.goto('/premium');
  await page.getByRole('button', { name: /^Upgrade to Premium/ }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the return page shows the welcome screen and the first 20 characters of the payment id', async ({
  page,
}) => {
  await page.goto('/premium/success?payment_intent=pi_3PqRsTuVwXyZ0123456789&redirect_status=succeeded');
  await expect(page.getByText('Welcome to Premium!')).toBeVisible();
  await expect(page.getByText('Payment ID: pi_3PqRsTuVwXyZ01234...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Scanning Products' })).toBeVisible();
});
