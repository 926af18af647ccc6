import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { fakeCameraLaunchOptions, videoDir, writeEan13Video } from './camera-video';
import { signInAndOpenScan, verifiedUser } from './scan-helpers';

/**
 * An Open Food Facts product of the starter set (reference-data/off-source/off-starter.jsonl),
 * imported on first start. OFF prints its code with EAN-13 zeros; scanners may read it as the
 * 12-digit UPC-A `000651511016`: both find it.
 */
const CELERY = { code: '0000651511016', upcA: '000651511016', name: 'Celery' };
const celeryVideo = path.join(videoDir, 'off-celery-barcode.mjpeg');

test.use({ launchOptions: fakeCameraLaunchOptions(celeryVideo), permissions: ['camera'] });
test.beforeAll(() => writeEan13Video(celeryVideo, CELERY.code));

async function expectImportedProductPage(page: Page) {
  await expect(page).toHaveURL(/\/product\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: CELERY.name, level: 1 })).toBeVisible();
  // Our rating, from our analyser on OFF's English ingredients.
  await expect(page.getByTestId('rating-banner')).toContainText('Green');
  // What OFF knows, with its attribution linking to the product's OFF page.
  const off = page.getByTestId('off-facts');
  await expect(off.getByRole('heading', { name: 'Open Food Facts', level: 2 })).toBeVisible();
  await expect(off.getByLabel('Nutri-Score A')).toBeVisible();
  await expect(off.getByText('1: unprocessed or minimally processed foods')).toBeVisible();
  const nutrition = off.getByRole('table', { name: 'Nutrition per 100 g' });
  await expect(nutrition.getByRole('row', { name: /Energy/ })).toContainText('13.2 kcal');
  await expect(nutrition.getByRole('row', { name: /Salt/ })).toContainText('0.24 g');
  await expect(off.getByText('110 g')).toBeVisible();
  await expect(off.getByRole('link', { name: 'Data from Open Food Facts (ODbL)' })).toHaveAttribute(
    'href',
    `https://world.openfoodfacts.org/product/${CELERY.code}`,
  );
  await expect(page.getByRole('img', { name: `${CELERY.name}, front of pack` })).toHaveAttribute(
    'src',
    /^https:\/\/images\.openfoodfacts\.org\//,
  );
}

/** A 1×1 PNG: OFF's image server is out of reach here, and a photo that fails to load is not shown. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('the barcode journey of an imported Open Food Facts product', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('https://images.openfoodfacts.org/**', (route) =>
      route.fulfill({ contentType: 'image/png', body: PIXEL }),
    );
  });

  test('its barcode in front of the camera opens its product page with our rating and the OFF block', async ({
    page,
    stack,
  }) => {
    const { account } = await verifiedUser(stack);
    await signInAndOpenScan(page, account);
    await page.getByRole('button', { name: 'Scan with Camera' }).click();
    await expect(page.getByRole('dialog', { name: 'Scan Ingredients' })).toBeVisible();
    await expectImportedProductPage(page);
    await expect(page.getByRole('dialog', { name: 'Scan Ingredients' })).toHaveCount(0);
  });

  test('its barcode typed on the scan page, as printed or as UPC-A, opens the same page', async ({
    page,
  }) => {
    for (const code of [CELERY.code, CELERY.upcA]) {
      await page.goto('/scan');
      await page.getByRole('textbox', { name: 'Enter a barcode' }).fill(code);
      await page.getByRole('textbox', { name: 'Enter a barcode' }).press('Enter');
      await expectImportedProductPage(page);
    }
  });

  test('an unknown typed barcode says so and stays on the scan page', async ({ page }) => {
    await page.goto('/scan');
    // A valid EAN-13 that neither our catalogue, the other tests nor the OFF stand-in know.
    await page.getByRole('textbox', { name: 'Enter a barcode' }).fill('5901234123457');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'No product found for barcode 5901234123457' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/scan$/);
  });
});

test.describe('a barcode only Open Food Facts knows', () => {
  // A real OFF product the local OFF stand-in serves (export-sample.jsonl), not in our catalogue.
  const CHAMOMILE = { code: '0000105000011', name: 'Chamomile Herbal Tea' };

  test('typed on the scan page, it opens its product page on the first lookup', async ({ page }) => {
    await page.goto('/scan');
    await page.getByRole('textbox', { name: 'Enter a barcode' }).fill(CHAMOMILE.code);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page).toHaveURL(/\/product\/\d+$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: CHAMOMILE.name, level: 1 })).toBeVisible();
    await expect(
      page.getByTestId('off-facts').getByRole('link', { name: 'Data from Open Food Facts (ODbL)' }),
    ).toHaveAttribute('href', `https://world.openfoodfacts.org/product/${CHAMOMILE.code}`);
  });
});
