import { expect, saveScreenshot, test } from '../fixtures';

const ROUTES = [
  ['home', '/'],
  ['product', '/product/1'],
  ['scan', '/scan'],
  ['preferences', '/preferences'],
  ['learn', '/learn'],
  ['profile', '/profile'],
  ['community', '/community'],
  ['article', '/article/1'],
  ['search', '/search?q=oat'],
  ['alternatives', '/alternatives'],
  ['premium', '/premium'],
  ['premium-success', '/premium/success'],
  ['login', '/login'],
  ['auth', '/auth'],
  ['auth-test', '/auth-test'],
  ['scanned-products', '/scanned-products'],
  ['community-scans', '/community-scans'],
  ['privacy-policy', '/privacy-policy'],
  ['terms-of-service', '/terms-of-service'],
  ['not-found', '/no-such-page'],
] as const;

for (const [width, height, label] of [
  [1280, 800, 'desktop'],
  [390, 844, 'mobile'],
] as const) {
  test.describe(label, () => {
    test.use({ viewport: { width, height } });
    for (const [name, path] of ROUTES) {
      test(`screenshot ${name}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('main')).not.toBeEmpty();
        await expect(page.getByRole('status', { name: 'Loading page' })).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        await saveScreenshot(page, `${label}-${name}`);
      });
    }
  });
}
