import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test, type Stack } from '../fixtures';
import { api, recordScanViaApi, signIn, verifiedUser } from './scan-helpers';

const PREMIUM_ALERTS = ['Nut Allergy Alert', 'Soy Free', 'No MSG', 'No E-Numbers'];
const FREE_USAGE = '5 of 10 free scans used this month';

/** Half the allowance used, so the scan-usage banner shows the free limit (it does from 50 %). */
async function freeUserAtHalfAllowance(page: Page, stack: Stack) {
  const user = await verifiedUser(stack);
  for (let scan = 0; scan < 5; scan++) await recordScanViaApi(stack, user.token);
  await page.goto('/');
  await signIn(page, user.account);
  return user;
}

async function startUpgrade(page: Page) {
  await page.getByRole('button', { name: /^Upgrade to Premium/ }).click();
  await expect(page.getByText('Test mode — no real payment is taken')).toBeVisible();
}

async function pay(page: Page, cardNumber: string, price = '£4.99') {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${price}` }).click();
}

async function payWith(page: Page, cardNumber: string) {
  await startUpgrade(page);
  await pay(page, cardNumber);
}

const premiumAlert = (page: Page, label: string) =>
  page.getByRole('checkbox', { name: new RegExp(`^${label}`) });

const premiumAlertsPut = (page: Page) =>
  page.waitForResponse(
    (res) => res.url().endsWith('/api/users/preferences') && res.request().method() === 'PUT',
  );

async function expectFreeAllowanceShown(page: Page) {
  for (const path of ['/', '/scan']) {
    await page.goto(path);
    const banner = page.getByTestId('scan-usage-banner');
    await expect(banner).toContainText('Scan usage');
    await expect(banner).toContainText(FREE_USAGE);
    await expect(banner.getByRole('progressbar', { name: '50% of monthly scans used' })).toBeVisible();
  }
  await page.goto('/premium');
  await expect(page.getByTestId('usage-card')).toContainText(FREE_USAGE);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Free Membership' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Now' })).toBeVisible();
  await expect(page.getByTestId('membership-usage')).toHaveText(
    '5 of 10 scans used this month (50%) · 5 left',
  );
  await expect(page.getByRole('progressbar', { name: 'Monthly usage' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
}

/** A free user's premium alerts carry an 'Upgrade' link, are read-only and do nothing. */
async function expectPremiumAlertsLocked(page: Page, stack: Stack, token: string) {
  await page.goto('/preferences');
  await expect(page.getByRole('link', { name: 'Upgrade', exact: true })).toHaveAttribute('href', '/premium');
  await expect(page.getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/premium');
  await expect(page.getByText('Active', { exact: true })).toHaveCount(0);
  for (const label of PREMIUM_ALERTS) {
    await expect(premiumAlert(page, label)).toHaveAttribute('aria-readonly', 'true');
    await expect(premiumAlert(page, label)).not.toBeChecked();
  }
  await page.getByText('Nut Allergy Alert', { exact: true }).click();
  await expect(premiumAlert(page, 'Nut Allergy Alert')).not.toBeChecked();
  expect(await api(stack, token, '/api/users/preferences')).toMatchObject({
    premiumAlerts: { noNuts: false, noSoy: false, noMSG: false, noENumbers: false },
  });
}

test('a free user upgrades with the test card: premium alerts unlock and the scan limit disappears', async ({
  page,
  stack,
}) => {
  test.slow(); // visits every screen that shows the allowance, before and after paying
  const { token } = await freeUserAtHalfAllowance(page, stack);
  await expectFreeAllowanceShown(page);
  await expectPremiumAlertsLocked(page, stack, token);

  await page.goto('/premium');
  await expect(page.getByText('Save 20%')).toBeVisible();
  await expect(page.getByText('Save £11.89 yearly')).toBeVisible();
  await expect(page.getByText('Cancel anytime. No commitments.')).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await expect(page.getByText('Welcome to Premium!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await saveScreenshot(page, 'premium-welcome');
  expect(await api(stack, token, '/api/subscription')).toMatchObject({
    isPremium: true,
    subscription: { plan: 'monthly', status: 'active' },
  });

  for (const path of ['/', '/scan']) {
    await page.goto(path);
    const banner = page.getByTestId('scan-usage-banner');
    await expect(banner).toContainText('Premium Member');
    await expect(banner).toContainText('Unlimited scans');
    await expect(banner).toContainText('(unlimited)');
    await expect(banner).not.toContainText('free scans');
    await expect(banner.getByRole('progressbar')).toHaveCount(0);
  }
  await page.goto('/premium');
  const usage = page.getByTestId('usage-card');
  await expect(usage).toContainText('Premium Member · Unlimited scans');
  await expect(usage).not.toContainText('free scans');
  await expect(page.getByTestId('membership-card')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Upgrade to Premium/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your Premium Membership', level: 1 })).toBeVisible();
  await expect(page.getByText('Upgrade to Premium')).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Premium Membership' })).toBeVisible();
  await expect(page.getByTestId('membership-usage')).toHaveText(/^Unlimited scans · \d+ this month$/);
  await expect(page.getByRole('progressbar', { name: 'Monthly usage' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveCount(0);

  await page.goto('/preferences');
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByTestId('premium-features-active')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade', exact: true })).toHaveCount(0);
  for (const label of PREMIUM_ALERTS) {
    await expect(premiumAlert(page, label)).toBeEnabled();
    await expect(premiumAlert(page, label)).not.toHaveAttribute('aria-readonly', 'true');
  }
  const saved = premiumAlertsPut(page);
  await page.getByText('Nut Allergy Alert', { exact: true }).click();
  await expect(premiumAlert(page, 'Nut Allergy Alert')).toBeChecked();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(premiumAlert(page, 'Nut Allergy Alert')).toBeChecked();
  await expect(premiumAlert(page, 'Soy Free')).not.toBeChecked();
  expect(await api(stack, token, '/api/users/preferences')).toMatchObject({
    premiumAlerts: { noNuts: true, noSoy: false, noMSG: false, noENumbers: false },
  });
  await saveScreenshot(page, 'premium-alerts-unlocked');
});

test('a declined card shows Payment Failed and changes nothing', async ({ page, stack }) => {
  test.slow(); // revisits every screen that shows the allowance or the premium alerts
  const { token } = await freeUserAtHalfAllowance(page, stack);
  await page.goto('/premium');
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/premium$/);
  await saveScreenshot(page, 'premium-declined');
  expect(await api(stack, token, '/api/subscription')).toMatchObject({
    isPremium: false,
    subscription: null,
  });
  expect(await api(stack, token, '/api/user/profile')).toMatchObject({ isPremium: false });

  await expectFreeAllowanceShown(page);
  await expectPremiumAlertsLocked(page, stack, token);
});

test('an upgrade started in a second tab replaces the first: the first cannot be paid and starts over', async ({
  page,
  stack,
}) => {
  const { account, token } = await verifiedUser(stack);
  await page.goto('/premium');
  await signIn(page, account);
  await startUpgrade(page);

  const second = await page.context().newPage();
  await second.goto('/premium');
  await second.getByText('Yearly', { exact: true }).click();
  await startUpgrade(second);

  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(
    page.getByText(
      'This payment was cancelled because a newer upgrade was started. Please start the upgrade again.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Upgrade to Premium/ })).toBeVisible();
  await saveScreenshot(page, 'premium-replaced');

  await pay(second, '4242 4242 4242 4242', '£47.99');
  await expect(second.getByText('Payment Successful')).toBeVisible();
  expect(await api(stack, token, '/api/subscription')).toMatchObject({
    isPremium: true,
    subscription: { plan: 'yearly', status: 'active' },
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
  // Signed out, the page cannot know whose payment it was: no claim that a subscription is active.
  await expect(page.getByText(/subscription is active/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true }).last()).toBeVisible();
});
