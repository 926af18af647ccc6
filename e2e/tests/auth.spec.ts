import { emulator, expect, test } from '../fixtures';
import { signInWithEmail, toast } from './app-helpers';

test('email sign-up, verification link, sign-in, avatar menu and sign-out', async ({ page, stack }) => {
  const email = `e2e-signup-${Date.now()}@example.test`;
  const password = 'correct-horse-1';
  await page.goto('/');

  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Labelwise' });
  await expect(dialog.getByText('Sign in to save your scanned products and preferences')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Email', selected: true })).toBeVisible();
  await dialog.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect(dialog.getByRole('button', { name: 'Forgot your password?' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Account Created Successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Signed in but unverified: sign out, then an email sign-in is refused with a fresh link.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(toast(page, 'Signed out')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const toSignIn = dialog.getByRole('button', { name: 'Already have an account? Sign in' });
  if (await toSignIn.isVisible()) await toSignIn.click();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    dialog.getByText('Please verify your email first. A new verification email has been sent.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The emulator's mailbox holds the verification link; following it verifies the address.
  const codes = (await emulator(stack).oobCodes()).filter(
    (code) => code.email === email && code.requestType === 'VERIFY_EMAIL',
  );
  expect(codes.length).toBeGreaterThanOrEqual(2);
  const link = codes.at(-1)!.oobLink;
  expect(new URL(link).searchParams.get('continueUrl')).toMatch(/\/auth\?verified=true$/);
  expect((await fetch(link)).ok).toBe(true);
  await page.goto('/auth?verified=true');
  await expect(toast(page, 'Email Verified Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/');
  await signInWithEmail(page, email, password);
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  // Verified and without a username, the user is asked for one 1.5 s after signing in: not now.
  const usernamePrompt = page.getByRole('dialog', { name: 'Choose Your Username' });
  await usernamePrompt.getByRole('button', { name: 'Skip for now' }).click();
  await expect(usernamePrompt).toBeHidden();

  // The menu shows the name and initials the profile shows: no username yet, so the email's.
  await page.goto('/profile');
  const name = email.split('@')[0]!;
  await expect(page.getByTestId('profile-name')).toHaveText(name);
  await expect(page.getByTestId('profile-initials')).toHaveText('E2');
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('E2');
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(name, { exact: true })).toBeVisible();
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Preferences' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Scan History' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(toast(page, 'Signed out')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('auth-state'))).toBeNull();
});

test('a wrong password shows the dialog message for the provider code', async ({ page, stack }) => {
  const account = await emulator(stack).createAccount();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Labelwise' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    dialog.getByText(/Incorrect password\. Please try again\.|Authentication failed/),
  ).toBeVisible();
});

test('Google sign-in against the emulator signs in the test account', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Labelwise' });
  await dialog.getByRole('tab', { name: 'Google' }).click();
  await expect(dialog.getByText('Emulator: signs in a test Google account')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(toast(page, 'Welcome!')).toBeVisible();
  // The account has no username: 1.5 s after the sign-in a modal asks for one, and a modal keeps
  // the focus, so it is answered before the notifications are reached by keyboard.
  const usernamePrompt = page.getByRole('dialog', { name: 'Choose Your Username' });
  await usernamePrompt.getByRole('button', { name: 'Skip for now' }).click();
  await expect(usernamePrompt).toBeHidden();
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('GT');
  const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('auth-state') ?? 'null'));
  expect(session.user.email).toBe('google.tester@example.com');
  expect(typeof session.timestamp).toBe('number');

  // A signed-in visitor of the sign-in pages is sent home.
  for (const path of ['/auth', '/login']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('the /auth-test page exercises Google sign-in and shows the user', async ({ page }) => {
  await page.goto('/auth-test');
  await expect(page.getByTestId('auth-status')).toHaveText('unauthenticated');
  await page.getByRole('button', { name: 'Sign in with Google (popup)' }).click();
  await expect(page.getByTestId('auth-status')).toHaveText('authenticated');
  await expect(page.getByTestId('auth-user')).toContainText('google.tester@example.com');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('auth-status')).toHaveText('unauthenticated');
});

test('/auth validates the sign-up form with the page toasts', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.test');
  await page.getByLabel('Password', { exact: true }).fill('abcdef');
  await page.getByLabel('Confirm password').fill('abcdeg');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Password Mismatch')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abc');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Weak Password')).toBeVisible();
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
});
