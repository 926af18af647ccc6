import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { horizontalOverflow } from './page-checks';
import { ROUTES, SIGNED_IN_ROUTES, type Route } from './routes';
import { recordScanViaApi, signIn, verifiedUser } from './scan-helpers';

/** Phone widths, narrowest first: a small Android phone to a large iPhone. */
const WIDTHS = [320, 360, 390, 430] as const;

/** Chamomile Herbal Tea, in the starter set: NOVA 1, whose group's long name once widened the page. */
const NOVA_1_BARCODE = '0000105000011';

/** The widths at which the open route is wider than the phone, with by how much. */
async function overflowingWidths(page: Page, route: Route): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // A resize lays the page out again on the next frame.
    await page.evaluate(() => new Promise(requestAnimationFrame));
    const overflow = await horizontalOverflow(page);
    if (overflow > 0) found.push(`${route.path} at ${width} px: ${overflow} px too wide`);
  }
  return found;
}

async function openRoute(page: Page, route: Route) {
  await page.goto(route.path);
  await expect(page.getByRole('status', { name: 'Loading page' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
  await expect(page.getByRole('main').getByText(route.shows).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.use({ viewport: { width: 320, height: 800 } });

test('no page scrolls sideways at 320-430 px: every route signed out, and a NOVA 1 product', async ({
  page,
  stack,
}) => {
  test.slow(); // every route, four widths each
  const nova1 = (await (await fetch(`${stack.baseURL}/api/products/barcode/${NOVA_1_BARCODE}`)).json()) as {
    id: number;
    name: string;
  };
  const routes: Route[] = [
    ...ROUTES,
    { name: 'nova-1-product', path: `/product/${nova1.id}`, heading: nova1.name, shows: /^1: unprocessed/ },
  ];
  const overflowing: string[] = [];
  for (const route of routes) {
    await openRoute(page, route);
    overflowing.push(...(await overflowingWidths(page, route)));
  }
  expect(overflowing).toEqual([]);
});

test('no page scrolls sideways at 320-430 px: every route signed in', async ({ page, stack }) => {
  test.slow();
  const { account, token } = await verifiedUser(stack);
  await recordScanViaApi(stack, token);
  await page.goto('/');
  await signIn(page, account);
  const overflowing: string[] = [];
  for (const route of SIGNED_IN_ROUTES) {
    await openRoute(page, route);
    overflowing.push(...(await overflowingWidths(page, route)));
  }
  expect(overflowing).toEqual([]);
});
