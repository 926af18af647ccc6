import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type Stack } from '../fixtures';
import { fakeCameraLaunchOptions, videoDir, writeEan13Video } from './camera-video';
import { api, signInAndOpenScan, verifiedUser } from './scan-helpers';

/**
 * Every barcode leads somewhere: an unknown one is labelled right on /scan and saved under that
 * barcode, so the next shopper who scans it finds the product.
 */
const FILMED = '4006381333931';
const filmedVideo = path.join(videoDir, 'unknown-barcode.mjpeg');
const LABEL = { name: 'Stabilo Oat Crunch', ingredients: 'Oats, sugar, sunflower oil, salt' };

test.use({ launchOptions: fakeCameraLaunchOptions(filmedVideo), permissions: ['camera'] });
test.beforeAll(() => writeEan13Video(filmedVideo, FILMED));

async function labelAndAnalyse(page: Page, barcode: string, options: { share: boolean }) {
  const form = page.getByRole('form', { name: 'Analyse ingredients' });
  await expect(form.getByText(`New product for barcode ${barcode}`)).toBeVisible();
  const share = form.getByRole('checkbox', { name: 'Share this label with Open Food Facts' });
  await expect(share).not.toBeChecked();
  if (options.share) await form.getByText('Share this label with Open Food Facts').click();
  await form.getByRole('textbox', { name: 'Ingredients' }).fill(LABEL.ingredients);
  // A product under a barcode needs its name: the next shopper sees it.
  await form.getByRole('button', { name: 'Analyse Ingredients' }).click();
  await expect(
    form.getByText('Give the product’s name: the next shopper who scans it will see it.'),
  ).toBeVisible();
  await form.getByRole('textbox', { name: 'Product name' }).fill(LABEL.name);
  await form.getByRole('button', { name: 'Analyse Ingredients' }).click();
  await expect(page.getByRole('link', { name: 'View saved product' })).toBeVisible({ timeout: 20_000 });
}

/** Signs a new shopper in on /scan and types a barcode nobody added: the page says so. */
async function lookUpUnknownBarcode(page: Page, stack: Stack, code: string) {
  const { account } = await verifiedUser(stack);
  await signInAndOpenScan(page, account);
  const entry = page.getByRole('form', { name: 'Look up a barcode' });
  await entry.getByRole('textbox', { name: 'Enter a barcode' }).fill(code);
  await entry.getByRole('button', { name: 'Look up' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `No product found for barcode ${code}.` }),
  ).toBeVisible();
  return entry;
}

test('a barcode the camera reads but nobody added is labelled on the spot and found by the next shopper', async ({
  page,
  stack,
}) => {
  const { account } = await verifiedUser(stack);
  await signInAndOpenScan(page, account);
  await page.getByRole('button', { name: 'Scan with Camera' }).click();
  const camera = page.getByRole('dialog', { name: 'Scan Ingredients' });
  await expect(camera.getByText(`No product found for barcode ${FILMED}.`)).toBeVisible({ timeout: 20_000 });
  await camera.getByRole('button', { name: 'Close camera' }).click();
  await labelAndAnalyse(page, FILMED, { share: true });

  const next = await verifiedUser(stack);
  const found = await api(stack, next.token, `/api/products/barcode/${FILMED}`);
  expect(found).toMatchObject({ name: LABEL.name, barcode: FILMED, ingredients: LABEL.ingredients });
});

test('a typed unknown barcode is labelled, and a lookup of it lands in Scan History', async ({
  page,
  stack,
}) => {
  const code = '5000159461122';
  const entry = await lookUpUnknownBarcode(page, stack, code);
  await labelAndAnalyse(page, code, { share: false });
  // Saved: the page no longer says nothing was found.
  await expect(page.getByText(`No product found for barcode ${code}.`)).toHaveCount(0);

  // The next lookup opens the product, and it joins the shopper's history, free of the allowance.
  await page.goto('/scan');
  await entry.getByRole('textbox', { name: 'Enter a barcode' }).fill(code);
  await entry.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('heading', { name: LABEL.name, level: 1 })).toBeVisible();
  await page.goto('/scanned-products');
  await expect(page.getByRole('main').getByText(LABEL.name)).toBeVisible();
});

test('someone who adds the same barcode first wins: the second shopper lands on their product', async ({
  page,
  stack,
}) => {
  const code = '5012345678900';
  await lookUpUnknownBarcode(page, stack, code);

  const first = await verifiedUser(stack);
  const theirs = await api(stack, first.token, '/api/products', 'POST', {
    name: 'First Flapjack',
    brand: 'Corner Bakery',
    barcode: code,
    ingredients: 'Oats, butter, golden syrup',
  });

  const form = page.getByRole('form', { name: 'Analyse ingredients' });
  await form.getByRole('textbox', { name: 'Product name' }).fill('My Flapjack');
  await form.getByRole('textbox', { name: 'Ingredients' }).fill('Oats, butter');
  await form.getByRole('button', { name: 'Analyse Ingredients' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${String(theirs.id)}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'First Flapjack', level: 1 })).toBeVisible();
});
