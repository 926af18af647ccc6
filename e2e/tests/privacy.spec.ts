import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { axeViolations } from './page-checks';
import { recordScanViaApi, signIn, verifiedUser } from './scan-helpers';

/** axe's findings on the page as it is, light and dark. */
async function expectAccessibleBothWays(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect.soft(await axeViolations(page), `${name}, ${colorScheme}: axe`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('Profile → Privacy: download my data holds the scan and the email; the delete page says what happens first', async ({
  page,
  stack,
}) => {
  const { account, token } = await verifiedUser(stack);
  await recordScanViaApi(stack, token, { name: 'Privacy Porridge' });
  await page.goto('/');
  await signIn(page, account);

  await page.goto('/profile');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/profile\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
  await expect(page.getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await expectAccessibleBothWays(page, 'privacy');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^labelwise-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    account: { email: string; uid: string; emailVerified: boolean | null };
    scans: Array<{ kind: string; productName: string; at: string }>;
  };
  expect(data.account).toMatchObject({ email: account.email, uid: account.uid, emailVerified: true });
  expect(data.scans).toEqual([
    expect.objectContaining({ kind: 'analysis', productName: 'Privacy Porridge' }),
  ]);

  await page.getByRole('link', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/profile\/privacy\/delete$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete my account');
  await expect(
    page.getByText('Products you created stay in the catalogue, without your name.'),
  ).toBeVisible();
  await expect(
    page.getByText(/Premium membership, if you have one, ends at once, not at the end of the period/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  await page.getByRole('textbox', { name: /Type DELETE to confirm/ }).fill('DELETE');
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  await expectAccessibleBothWays(page, 'delete account');
});

test('Delete my account: typed DELETE, the account is gone at the identity provider and the app signs out', async ({
  page,
  stack,
}) => {
  const { account, token } = await verifiedUser(stack);
  await recordScanViaApi(stack, token, { name: 'Farewell Flakes' });
  await page.goto('/');
  await signIn(page, account);

  await page.goto('/profile/privacy/delete');
  await page.getByRole('textbox', { name: /Type DELETE to confirm/ }).fill('DELETE');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeFocused();
  await expect(page.getByText('0 reviews removed.')).toBeVisible();
  // The app signs out: the header offers Sign In again (before the next page load, which would
  // otherwise race the sign-out).
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  const signInAgain = await fetch(
    `http://${stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
    },
  );
  expect(signInAgain.status).toBe(400);
  await page.goto('/profile');
  await expect(page.getByText('Sign in to see your profile, scans and membership.')).toBeVisible();
});
