import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { focusStopsWithoutIndicator, horizontalOverflow } from './page-checks';
import { ROUTES, SIGNED_IN_ROUTES, type Route } from './routes';
import { recordScanViaApi, signIn, verifiedUser } from './scan-helpers';

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 800, navigation: 'Main' },
  { label: 'mobile', width: 390, height: 844, navigation: 'Tab bar' },
] as const;

/**
 * Renders the route and checks what axe (accessibility.spec.ts) does not: its one heading, the
 * landmarks the layout promises, no sideways scrolling and keyboard focus that shows.
 */
async function checkScreen(page: Page, route: Route, navigation: string) {
  await page.goto(route.path);
  await expect(page.getByRole('status', { name: 'Loading page' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
  await expect(page.getByRole('main').getByText(route.shows).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('navigation', { name: navigation })).toBeVisible();
  expect(await horizontalOverflow(page), 'page wider than the viewport').toBeLessThanOrEqual(0);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeInViewport();
  expect(await focusStopsWithoutIndicator(page, 12), 'focus stops with no visible indicator').toEqual([]);
}

for (const { label, width, height, navigation } of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport: { width, height } });
    for (const route of ROUTES) {
      test(`${route.name} renders, fits and shows focus`, async ({ page }) => {
        await checkScreen(page, route, navigation);
      });
    }

    test('signed-in screens render, fit and show focus', async ({ page, stack }) => {
      test.slow(); // one sign-in, then six screens
      const { account, token } = await verifiedUser(stack);
      await recordScanViaApi(stack, token);
      await page.goto('/');
      await signIn(page, account);
      await page.getByRole('button', { name: 'Account menu' }).click();
      for (const item of ['Preferences', 'Scan History', 'Sign out'])
        await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
      await page.keyboard.press('Escape');
      for (const route of SIGNED_IN_ROUTES) {
        await test.step(route.name, () => checkScreen(page, route, navigation));
      }
    });
  });
}
