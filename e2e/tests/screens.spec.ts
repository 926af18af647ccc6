import { devices, type BrowserContext, type Page } from '@playwright/test';
import { expect, saveScreenshot, test, type Stack } from '../fixtures';
import { stackFromEnv } from '../stacks';
import {
  axeViolations,
  focusStopsWithoutIndicator,
  horizontalOverflow,
  loadImagesEagerly,
} from './page-checks';
import { expectScreenUnchanged, type StandIn } from './screen-baseline';
import { PREMIUM_ROUTES, ROUTES, SIGNED_IN_ROUTES, type Route } from './routes';
import { api, recordScanViaApi, signIn, verifiedUser } from './scan-helpers';

/**
 * Every screen of the app, in light and dark, 390 and 1280 px wide: signed out, as a free user and
 * as a Premium member. One visit of a screen checks what it promises (its level-1 heading and
 * content, the landmarks, no sideways scrolling, the skip link first and a visible focus on the
 * first twelve focus stops), runs axe on it at rest and compares it with its baseline in
 * `e2e/screens/`.
 *
 * The sweep runs on the stack only it writes to (`e2e/stacks.ts`), so the screens show the starter
 * catalogue as imported whatever the other tests do, and in any order: the signed-in tests add only
 * personal scans and a subscription, which no signed-out screen shows.
 */
test.use({ stackName: 'screens' });

interface Way {
  colorScheme: 'light' | 'dark';
  width: number;
  height: number;
  /** The navigation landmark the layout shows at this width. */
  navigation: 'Main' | 'Tab bar';
}

const WAYS: Way[] = (['light', 'dark'] as const).flatMap((colorScheme) => [
  { colorScheme, width: 390, height: 844, navigation: 'Tab bar' as const },
  { colorScheme, width: 1280, height: 800, navigation: 'Main' as const },
]);

/**
 * Full-page screenshots in the real fonts, beside the baselines' pinned one, for the README
 * (`e2e/scripts/readme-screenshots.mjs`): taken only when asked, with `E2E_SCREENSHOTS=1`.
 */
const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

async function checkScreen(page: Page, way: Way, route: Route, name: string, standIns: StandIn[] = []) {
  await page.goto(route.path);
  await expect(page.getByRole('status', { name: 'Loading page' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
  await expect(page.getByRole('main').getByText(route.shows).first()).toBeVisible();
  // Images load eagerly here (loadImagesEagerly), so this one wait covers them too.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveClass(way.colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);

  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('navigation', { name: way.navigation })).toBeVisible();
  expect(await horizontalOverflow(page), 'page wider than the viewport').toBeLessThanOrEqual(0);

  expect.soft(await axeViolations(page), `${route.path}: axe`).toEqual([]);
  if (KEEP_SCREENSHOTS) await saveScreenshot(page, name);
  await expectScreenUnchanged(page, name, standIns);

  // Last, as it moves the focus.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeInViewport();
  expect(await focusStopsWithoutIndicator(page, 12), 'focus stops with no visible indicator').toEqual([]);
}

/**
 * A new verified user with a username and one scan, signed in on Home; their email and username
 * stand in for fixed texts on the screens.
 */
async function signInWithAScan(page: Page, stack: Stack) {
  await loadImagesEagerly(page);
  const { account, token, username } = await verifiedUser(stack);
  const standIns: StandIn[] = [
    [account.email, 'member@example.test'],
    [username, 'scanMember01'],
  ];
  await recordScanViaApi(stack, token);
  await page.goto('/');
  await signIn(page, account);
  return { token, standIns };
}

/** Pays for a monthly plan with the test card, as the checkout does. */
async function becomePremium(stack: Stack, token: string) {
  const { clientSecret } = await api(stack, token, '/api/create-subscription', 'POST', { plan: 'monthly' });
  await api(stack, token, '/api/test-payments/confirm', 'POST', {
    clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
}

/**
 * Signed out, each worker is one visitor going from screen to screen, as the sweep did in one page:
 * a browser context per worker, a page per test. The app's code then loads once per worker and
 * from the browser's cache after, where a context per test would fetch and compile it every time.
 */
const signedOut = test.extend<object, { visitor: BrowserContext }>({
  visitor: [
    async ({ browser }, use) => {
      const { defaultBrowserType: _, ...desktopChrome } = devices['Desktop Chrome'];
      const context = await browser.newContext({
        ...desktopChrome,
        baseURL: stackFromEnv('screens').baseURL,
      });
      await loadImagesEagerly(context);
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ visitor, colorScheme, viewport }, use) => {
    const page = await visitor.newPage();
    await page.emulateMedia({ colorScheme });
    if (viewport) await page.setViewportSize(viewport);
    await use(page);
    await page.close();
  },
});

for (const way of WAYS) {
  const prefix = `${way.colorScheme}-${way.width}`;

  test.describe(prefix, () => {
    test.use({ colorScheme: way.colorScheme, viewport: { width: way.width, height: way.height } });

    for (const route of ROUTES) {
      signedOut(`${route.name} (${route.path}), signed out`, async ({ page }) => {
        await checkScreen(page, way, route, `${prefix}-${route.name}`);
      });
    }

    signedOut('the phone menu and the sign-in dialog, signed out', async ({ page }) => {
      await page.goto('/');
      if (way.width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
        expect.soft(await axeViolations(page), 'phone menu: axe').toEqual([]);
        await page.getByRole('button', { name: 'Close menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
      }
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome to Labelwise' })).toBeVisible();
      expect.soft(await axeViolations(page), 'sign-in dialog: axe').toEqual([]);
    });

    test('signed in: a free user with a scan', async ({ page, stack }) => {
      test.slow(); // a sign-in, then eight screens
      const { standIns } = await signInWithAScan(page, stack);
      await page.getByRole('button', { name: 'Account menu' }).click();
      for (const item of ['Preferences', 'Scan History', 'Sign out'])
        await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
      expect.soft(await axeViolations(page), 'account menu: axe').toEqual([]);
      await page.keyboard.press('Escape');

      for (const route of SIGNED_IN_ROUTES) {
        const name = `${prefix}-free-${route.name}`;
        await test.step(name, () => checkScreen(page, way, route, name, standIns));
      }
    });

    test('signed in: a Premium member with a scan', async ({ page, stack }) => {
      test.slow(); // a sign-in, then four screens
      const { token, standIns } = await signInWithAScan(page, stack);
      await becomePremium(stack, token);
      for (const route of PREMIUM_ROUTES) {
        const name = `${prefix}-premium-${route.name}`;
        await test.step(name, () => checkScreen(page, way, route, name, standIns));
      }
    });
  });
}
