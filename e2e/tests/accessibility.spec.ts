import { expect, saveScreenshot, test } from '../fixtures';
import {
  invalidDescriptionLists,
  labelsMissingTheirText,
  loadLazyImages,
  lowContrastText,
} from './page-checks';
import { signIn, verifiedUser } from './scan-helpers';

/** The main routes, each with a text that shows it has rendered. */
const ROUTES = [
  ['/', 'Recently Scanned'],
  ['/product/1', 'Community Reviews'],
  ['/scan', 'Analyse Ingredients'],
  ['/search?q=oat', /results? for "oat"/],
  ['/community', 'Trending This Month'],
  ['/alternatives', 'Clean Rated Products'],
  ['/learn', 'Educational Articles'],
  ['/article/1', /^Most food is processed/],
  ['/premium', 'Cancel anytime. No commitments.'],
  ['/preferences', 'Premium Dietary Alerts'],
  ['/auth', 'Forgot your password?'],
] as const;

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/**
 * Text contrast (WCAG AA), description lists and labels in names, on every main route at phone
 * and desktop width, in light and dark mode (each screen kept as a screenshot artifact). (axe-core is not among the project's packages:
 * these checks cover the violations it reported on these screens.)
 */
for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${colorScheme} ${viewport.width}px`, () => {
      test.use({ colorScheme, viewport });

      test('main routes: text contrast, lists and labels', async ({ page }) => {
        test.slow(); // eleven screens
        for (const [path, shows] of ROUTES) {
          await test.step(path, async () => {
            await page.goto(path);
            await expect(page.getByRole('main').getByText(shows).first()).toBeVisible();
            await page.waitForLoadState('networkidle');
            await expect(page.locator('html')).toHaveClass(
              colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
            );
            expect.soft(await lowContrastText(page), `${path}: low contrast`).toEqual([]);
            expect.soft(await invalidDescriptionLists(page), `${path}: invalid <dl>`).toEqual([]);
            expect.soft(await labelsMissingTheirText(page), `${path}: label not in name`).toEqual([]);
            await loadLazyImages(page);
            const slug = path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
            await saveScreenshot(page, `${colorScheme}-${viewport.width}-${slug}`);
          });
        }
      });
    });
  }
}

test('signed in: the account menu and profile pass the same checks', async ({ page, stack }) => {
  const { account } = await verifiedUser(stack);
  await page.goto('/');
  await signIn(page, account);
  for (const path of ['/', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect.soft(await lowContrastText(page), `${path}: low contrast`).toEqual([]);
    expect.soft(await labelsMissingTheirText(page), `${path}: label not in name`).toEqual([]);
  }
});

test('the contrast check fails on grey text on white', async ({ page }) => {
  await page.setContent(
    '<body style="background:#fff"><p style="color:#999">Too faint</p><p style="color:#222">Fine</p></body>',
  );
  expect(await lowContrastText(page)).toEqual([expect.stringMatching(/^2\.85 "Too faint"/)]);
});
