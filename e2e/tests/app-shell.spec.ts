import { expect, saveScreenshot, test } from '../fixtures';

test('header search submits the trimmed, encoded term and shows results', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('searchbox', { name: 'Search products' }).fill('   ');
  await header.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/$/);

  await header.getByRole('searchbox', { name: 'Search products' }).fill('  rolled oats ');
  await header.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=rolled%20oats$/);
  await expect(page.getByText(/^\d+ results? for "rolled oats"$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jumbo Rolled Oats' })).toBeVisible();

  await page.goto('/search?q=zzzz-no-such-food');
  await expect(page.getByText('No products found matching "zzzz-no-such-food"')).toBeVisible();
  await page.goto('/search');
  await expect(page.getByText('Enter a search term above')).toBeVisible();
});

test('the top nav, footer and legal pages', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Scan' })).toHaveAttribute('href', '/scan');
  await expect(nav.getByRole('link', { name: 'Learn' })).toHaveAttribute('href', '/learn');
  await expect(nav.getByRole('link', { name: 'Community' })).toHaveAttribute('href', '/community');
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  await expect(nav.getByRole('link', { name: 'Premium' })).toHaveAttribute('href', '/premium');
  await expect(nav.getByRole('link', { name: 'Preferences' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Labelwise`);
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(page.getByText(/England and Wales/).first()).toBeVisible();
  await expect(page.getByText(/no partial refunds/)).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).first().click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/privacy-policy');
  await expect(page.getByText(/at least 13 years old/)).toBeVisible();
  await expect(page.getByRole('link', { name: /@labelwise\.app/ })).toBeVisible();
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/definitely/not/a/route');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('learn lists the articles and opens one', async ({ page }) => {
  await page.goto('/learn');
  for (const code of ['E621', 'E951', 'E102', 'E330', 'E300'])
    await expect(page.getByText(code, { exact: true })).toBeVisible();
  for (const group of [1, 2, 3, 4])
    await expect(page.getByText(`NOVA ${group}`, { exact: true })).toBeVisible();
  const readMore = page.getByRole('link', { name: /^Read more: / }).first();
  const title = (await readMore.getAttribute('aria-label'))!.replace('Read more: ', '');
  await readMore.click();
  await expect(page).toHaveURL(/\/article\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  expect(await page.locator('article p').count()).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/learn$/);

  await page.goto('/article/999999');
  await expect(page.getByText('Article not found')).toBeVisible();
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('hamburger menu and bottom tab bar', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const label of ['Scan', 'Learn', 'Community', 'Profile', 'Premium', 'Preferences'])
      await expect(menu.getByRole('link', { name: label })).toBeVisible();
    await menu.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Welcome to Labelwise' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Learn' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/learn$/);

    const tabs = page.getByRole('navigation', { name: 'Tab bar' });
    await expect(tabs.getByRole('link', { name: 'Learn' })).toHaveClass(/active/);
    await tabs.getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await tabs.getByRole('link', { name: 'Scan' }).click();
    await expect(page).toHaveURL(/\/scan$/);
    await tabs.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await tabs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('follows the system, and the Preferences switch overrides it and is remembered', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveClass(/\bdark\b/);
    await saveScreenshot(page, 'dark-home');

    await page.goto('/preferences');
    const darkMode = page.getByRole('checkbox', { name: /Dark Mode/ });
    await expect(darkMode).toBeChecked();
    await expect(page.getByText("Following your device's setting")).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Push Notifications/ })).toBeDisabled();
    await saveScreenshot(page, 'dark-preferences');
    await darkMode.click({ force: true });
    await expect(html).not.toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(page.getByRole('checkbox', { name: /Dark Mode/ })).not.toBeChecked();
    await page.getByRole('button', { name: 'Use the system setting' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
  });
});
