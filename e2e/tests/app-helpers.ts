import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the header's sign-in dialog (Email tab) and waits for the avatar, or for the
 * username prompt that hides it from a user without one (it opens 1.5 s after the sign-in, which a
 * busy machine can take to notice the avatar).
 */
export async function signInWithEmail(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Labelwise' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page
      .getByRole('button', { name: 'Account menu' })
      .or(page.getByRole('dialog', { name: 'Choose Your Username' }))
      .first(),
  ).toBeVisible();
}

/** The visible toast with this title. */
export const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });
