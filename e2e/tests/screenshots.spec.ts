import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test } from '../fixtures';
import {
  focusStopsWithoutIndicator,
  horizontalOverflow,
  loadLazyImages,
  unnamedControls,
} from './page-checks';
import { recordScanViaApi, signIn, verifiedUser } from './scan-helpers';

interface Route {
  name: string;
  path: string;
  heading: string;
  shows: string | RegExp;
}

/** Every route of spec §2 (signed out), its one level-1 heading and a text only that screen shows. */
const ROUTES: ReadonlyArray<Route> = [
  { name: 'home', path: '/', heading: 'Making food transparency easy', shows: 'Recently Scanned' },
  { name: 'product', path: '/product/1', heading: 'Jumbo Rolled Oats', shows: 'Community Reviews' },
  { name: 'scan', path: '/scan', heading: 'Analyse Ingredients', shows: 'Sign in to Analyse' },
  { name: 'preferences', path: '/preferences', heading: 'My Preferences', shows: 'Premium Dietary Alerts' },
  { name: 'learn', path: '/learn', heading: 'Learn about food processing', shows: 'Educational Articles' },
  { name: 'profile', path: '/profile', heading: 'My Profile', shows: /Sign in to see your profile/ },
  { name: 'community', path: '/community', heading: 'Community Favourites', shows: 'Trending This Month' },
  {
    name: 'article',
    path: '/article/1',
    heading: 'The NOVA groups: how processed is your food?',
    shows: /^Most food is processed/,
  },
  { name: 'search', path: '/search?q=oat', heading: 'Search', shows: /^\d+ results? for "oat"$/ },
  {
    name: 'alternatives',
    path: '/alternatives',
    heading: 'Clean Alternatives',
    shows: 'Clean Rated Products',
  },
  {
    name: 'premium',
    path: '/premium',
    heading: 'Upgrade to Premium',
    shows: 'Cancel anytime. No commitments.',
  },
  {
    name: 'premium-success',
    path: '/premium/success',
    heading: 'Welcome to Premium!',
    shows: 'Return to Home',
  },
  { name: 'login', path: '/login', heading: 'Sign in to Labelwise', shows: 'Continue as Guest' },
  { name: 'auth', path: '/auth', heading: 'Welcome to Labelwise', shows: 'Forgot your password?' },
  { name: 'auth-test', path: '/auth-test', heading: 'Google sign-in test', shows: /^Auth state:/ },
  {
    name: 'scanned-products',
    path: '/scanned-products',
    heading: 'My Scanned Products',
    shows: 'Sign In Required',
  },
  {
    name: 'community-scans',
    path: '/community-scans',
    heading: 'Community Scans',
    shows: /^No products|^All Products$/,
  },
  {
    name: 'privacy-policy',
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    shows: /at least 13 years old/,
  },
  {
    name: 'terms-of-service',
    path: '/terms-of-service',
    heading: 'Terms of Service',
    shows: /no partial refunds/,
  },
  { name: 'not-found', path: '/no-such-page', heading: 'Page Not Found', shows: 'Go to Home' },
];

/** The screens that change once signed in: a verified free user with one scan. */
const SIGNED_IN_ROUTES: ReadonlyArray<Route> = [
  { name: 'home', path: '/', heading: 'Making food transparency easy', shows: 'My Recently Scanned' },
  { name: 'scan', path: '/scan', heading: 'Analyse Ingredients', shows: 'Scan with Camera' },
  {
    name: 'scanned-products',
    path: '/scanned-products',
    heading: 'My Scanned Products',
    shows: 'All Products',
  },
  { name: 'profile', path: '/profile', heading: 'My Profile', shows: 'Free Membership' },
  { name: 'preferences', path: '/preferences', heading: 'My Preferences', shows: 'Dietary Preferences' },
  { name: 'premium', path: '/premium', heading: 'Upgrade to Premium', shows: /free scans used this month/ },
];

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 800, navigation: 'Main' },
  { label: 'mobile', width: 390, height: 844, navigation: 'Tab bar' },
] as const;

/** Renders the route and checks what every screen owes: its heading, landmarks, fit and labels. */
async function checkScreen(page: Page, route: Route, navigation: string, screenshot: string) {
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
  await expect(page.locator('img:not([alt])')).toHaveCount(0);
  expect(await unnamedControls(page), 'controls without an accessible name').toEqual([]);

  await loadLazyImages(page);
  await saveScreenshot(page, screenshot);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeInViewport();
  expect(await focusStopsWithoutIndicator(page, 12), 'focus stops with no visible indicator').toEqual([]);
}

for (const { label, width, height, navigation } of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport: { width, height } });
    for (const route of ROUTES) {
      test(`${route.name} renders, fits and is labelled`, async ({ page }) => {
        await checkScreen(page, route, navigation, `${label}-${route.name}`);
      });
    }

    test('signed-in screens render, fit and are labelled', async ({ page, stack }) => {
      test.slow(); // one sign-in, then six screens
      const { account, token } = await verifiedUser(stack);
      await recordScanViaApi(stack, token);
      await page.goto('/');
      await signIn(page, account);
      await page.getByRole('button', { name: 'Account menu' }).click();
      for (const item of ['Preferences', 'Scan History', 'Sign out'])
        await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
      await saveScreenshot(page, `${label}-signed-in-account-menu`);
      await page.keyboard.press('Escape');
      for (const route of SIGNED_IN_ROUTES) {
        await test.step(route.name, () =>
          checkScreen(page, route, navigation, `${label}-signed-in-${route.name}`),
        );
      }
    });
  });
}
