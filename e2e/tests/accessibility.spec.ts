import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test, type Stack } from '../fixtures';
import { axeViolations, loadLazyImages } from './page-checks';
import { expectScreenUnchanged, type StandIn } from './screen-baseline';
import { PREMIUM_ROUTES, ROUTES, SIGNED_IN_ROUTES, type Route } from './routes';
import { api, recordScanViaApi, signIn, verifiedUser } from './scan-helpers';

const COLOR_SCHEMES = ['light', 'dark'] as const;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
type ColorScheme = (typeof COLOR_SCHEMES)[number];

/**
 * Opens the route, runs axe once it has settled, keeps a full-page screenshot as an artifact and
 * compares the screen with its baseline.
 */
async function checkRoute(
  page: Page,
  route: Route,
  colorScheme: ColorScheme,
  screenshot: string,
  standIns: StandIn[] = [],
) {
  await page.goto(route.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
  await expect(page.getByRole('main').getByText(route.shows).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  expect.soft(await axeViolations(page), `${route.path}: axe`).toEqual([]);
  await loadLazyImages(page);
  await saveScreenshot(page, screenshot);
  await expectScreenUnchanged(page, screenshot, standIns);
}

/** Every screen at each width and colour scheme, as `routes` list them. */
async function checkEveryScreen(
  page: Page,
  routes: ReadonlyArray<Route>,
  prefix: string,
  standIns: StandIn[],
) {
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const route of routes) {
        const name = `${colorScheme}-${viewport.width}-${prefix}${route.name}`;
        await test.step(name, () => checkRoute(page, route, colorScheme, name, standIns));
      }
    }
  }
}

test.describe('axe finds no violations', () => {
  // Twenty screens, four ways each: one test per way keeps a failure's report short.
  for (const colorScheme of COLOR_SCHEMES) {
    for (const viewport of VIEWPORTS) {
      test(`signed out, ${colorScheme}, ${viewport.width}px`, async ({ page }) => {
        test.slow();
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize(viewport);
        for (const route of ROUTES) {
          const name = `${colorScheme}-${viewport.width}-${route.name}`;
          await test.step(name, () => checkRoute(page, route, colorScheme, name));
        }
        await page.goto('/');
        if (viewport.width < 768) {
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
    }
  }

  test('signed in: a free user, then a Premium member', async ({ page, stack }) => {
    test.setTimeout(300_000); // one sign-in, then ten screens four ways
    const { account, token, username } = await verifiedUser(stack);
    const standIns: StandIn[] = [
      [account.email, 'member@example.test'],
      [username, 'scanMember01'],
    ];
    await recordScanViaApi(stack, token);
    await page.goto('/');
    await signIn(page, account);
    await checkEveryScreen(page, SIGNED_IN_ROUTES, 'free-', standIns);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    expect.soft(await axeViolations(page), 'account menu: axe').toEqual([]);
    await page.keyboard.press('Escape');

    await becomePremium(stack, token);
    await checkEveryScreen(page, PREMIUM_ROUTES, 'premium-', standIns);
  });
});

test('product pages rated green, amber and red (ultra-processed): axe finds no violations, light and dark', async ({
  page,
  stack,
}) => {
  const getJson = async <T>(path: string) => {
    const res = await fetch(`${stack.baseURL}${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  const ultra = await getJson<{ id: number; analysis: { isUltraProcessed: boolean } }>(
    '/api/products/barcode/0000159479269', // Magic Stars Chocolates, in the starter set
  );
  expect(ultra.analysis.isUltraProcessed).toBe(true);
  const cards = await getJson<Array<{ id: number; rating: string | null }>>('/api/products?limit=100');
  const pages = [ultra.id];
  // The starter set rates every product (each has English ingredients): Unrated pages need an import.
  for (const rating of ['green', 'amber']) {
    const card = cards.find((candidate) => candidate.rating === rating);
    expect(card, `a product rated ${rating} in the starter set`).toBeDefined();
    pages.push(card!.id);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const id of pages) {
      await page.goto(`/product/${id}`);
      await expect(page.getByTestId('rating-banner')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect.soft(await axeViolations(page), `/product/${id}, ${colorScheme}: axe`).toEqual([]);
    }
  }
});

test('a focused field has a ring of 2 px or more at 3:1 or more against the page, light and dark', async ({
  page,
}) => {
  await page.goto('/');
  const search = page.getByRole('main').getByRole('searchbox', { name: 'Search products by name or brand' });
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await search.focus();
    const ring = await search.evaluate((field) => {
      const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 4).map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const [R, G, B] = [r!, g!, b!].map((c) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
      };
      let behind: Element | null = field.parentElement;
      while (behind && (rgb(getComputedStyle(behind).backgroundColor)[3] ?? 1) === 0)
        behind = behind.parentElement;
      const [a, b] = [
        getComputedStyle(field).outlineColor,
        getComputedStyle(behind ?? document.body).backgroundColor,
      ]
        .map(rgb)
        .map(luminance);
      return {
        width: parseFloat(getComputedStyle(field).outlineWidth),
        contrast: (Math.max(a!, b!) + 0.05) / (Math.min(a!, b!) + 0.05),
      };
    });
    expect.soft(ring.width, `${colorScheme}: ring width`).toBeGreaterThanOrEqual(2);
    expect.soft(ring.contrast, `${colorScheme}: ring contrast`).toBeGreaterThanOrEqual(3);
  }
});

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

test('axe reports low contrast, an invalid <dl> and a label without its visible text', async ({ page }) => {
  await page.setContent(`<html lang="en"><title>t</title><body style="background:#fff"><main>
    <h1>Check</h1>
    <p style="color:#999">Too faint</p>
    <dl><p>Not a term</p></dl>
    <button aria-label="Account menu">JD</button>
  </main></body></html>`);
  const rules = (await axeViolations(page)).map((line) => line.split(' ')[0]);
  expect(rules.sort()).toEqual(['color-contrast', 'definition-list', 'label-content-name-mismatch']);
});

test('axe reads the page at rest: not a tooltip fading in under the pointer, nor a text mid-fade', async ({
  page,
}) => {
  // Both fades stop halfway for a long while (half opacity: too faint to read) unless the check settles them.
  await page.setContent(`<html lang="en"><title>t</title><style>
    @keyframes fade-in { from { opacity: 0; } }
    .fading { animation: fade-in 1000s steps(2, jump-start); }
    [role='tooltip'] { opacity: 0; transition: opacity 1000s steps(2, jump-start); background: #222; color: #fff; }
    button:hover + [role='tooltip'] { opacity: 1; }
  </style><body style="background:#fff"><main>
    <h1>Check</h1>
    <p class="fading">Fading in</p>
    <button aria-describedby="tip">Toggle</button><span id="tip" role="tooltip">Toggle light/dark mode</span>
  </main></body></html>`);
  await page.getByRole('button', { name: 'Toggle' }).hover();
  await expect(page.getByRole('tooltip')).toHaveCSS('opacity', '0.5');
  await expect(page.getByText('Fading in')).toHaveCSS('opacity', '0.5');
  expect(await axeViolations(page)).toEqual([]);
});
