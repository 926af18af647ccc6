import sharp from 'sharp';
import { cleanStyle, renderLabel } from '../../backend/testing/label-images';
import { expect, test } from '../fixtures';
import { ean13Png, ketchup, OATS_BARCODE } from './camera-video';
import { api, signInAndOpenScan, verifiedUser } from './scan-helpers';

test('Upload a photo: the label is read, shown to check and edit, and saved only on Analyse', async ({
  page,
  stack,
}) => {
  test.slow();
  const { account, token } = await verifiedUser(stack);
  await signInAndOpenScan(page, account);

  // A large photo, as a phone takes it: sent downscaled to 1200 px as JPEG, like a camera capture.
  const label = await renderLabel(ketchup, cleanStyle);
  const photo = await sharp(label).resize({ width: 2400 }).png().toBuffer();
  const request = page.waitForRequest('**/api/process-image');
  await expect(page.getByRole('button', { name: 'Upload a photo' })).toBeVisible();
  await page.getByTestId('photo-upload-input').setInputFiles({
    name: 'ketchup.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  const sent = Buffer.from(((await request).postDataJSON() as { image: string }).image, 'base64');
  const sentMeta = await sharp(sent).metadata();
  expect(sentMeta.format).toBe('jpeg');
  expect(Math.max(sentMeta.width!, sentMeta.height!)).toBeLessThanOrEqual(1200);

  const ingredients = page.getByRole('textbox', { name: 'Ingredients' });
  await expect(ingredients).toHaveValue(/Tomatoes/i, { timeout: 60_000 });
  await expect(ingredients).toBeFocused();
  await expect(page.getByText(/^Read from your photo: check the name, brand and ingredients/)).toBeVisible();
  // Nothing saved or counted yet.
  await expect(page.getByRole('region', { name: 'Analysis results' })).toHaveCount(0);
  expect(await api(stack, token, '/api/user-stats')).toMatchObject({ scansThisMonth: 0 });

  const name = page.getByRole('textbox', { name: 'Product name' });
  await expect(name).toHaveValue(ketchup.productName);
  await name.fill('Checked Tomato Ketchup');
  await page.getByRole('button', { name: 'Analyse Ingredients' }).click();
  const results = page.getByRole('region', { name: 'Analysis results' });
  await expect(results.getByTestId('rating-banner')).toContainText(/Green|Risk|Warning/);
  await results.getByRole('link', { name: 'View saved product' }).click();
  await expect(page.getByRole('heading', { name: 'Checked Tomato Ketchup', level: 1 })).toBeVisible();
  expect(await api(stack, token, '/api/user-stats')).toMatchObject({ scansThisMonth: 1 });
});

test('Upload a photo of a barcode: it is looked up as a barcode, never sent to text recognition', async ({
  page,
  stack,
}) => {
  const { account } = await verifiedUser(stack);
  await signInAndOpenScan(page, account);
  const recognitions: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/process-image')) recognitions.push(request.url());
  });
  // The pack's barcode in the middle of a phone-sized photo of the pack.
  const photo = await sharp(await ean13Png(OATS_BARCODE))
    .extend({ top: 700, bottom: 700, left: 900, right: 900, background: '#efe6d2' })
    .png()
    .toBuffer();
  const lookup = page.waitForRequest(`**/api/products/barcode/${OATS_BARCODE}`);
  await page.getByTestId('photo-upload-input').setInputFiles({
    name: 'oats-barcode.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  await lookup;
  await expect(page).toHaveURL(/\/product\/1$/);
  await expect(page.getByRole('heading', { name: 'Jumbo Rolled Oats', level: 1 })).toBeVisible();
  expect(recognitions).toEqual([]);
});

test('signed out: Upload a photo asks to sign in before choosing a file', async ({ page }) => {
  await page.goto('/scan');
  await page.getByRole('button', { name: 'Upload a photo' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome to Labelwise' })).toBeVisible();
});

test('a photo dropped on the form is read the same way, and a blank one says so', async ({ page, stack }) => {
  test.slow();
  const { account } = await verifiedUser(stack);
  await signInAndOpenScan(page, account);
  const blank = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const request = page.waitForRequest('**/api/process-image');
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'blank.png', { type: 'image/png' }));
    return transfer;
  }, blank.toString('base64'));
  await page.getByRole('form', { name: 'Analyse ingredients' }).dispatchEvent('drop', { dataTransfer });
  const sent = Buffer.from(((await request).postDataJSON() as { image: string }).image, 'base64');
  expect((await sharp(sent).metadata()).format).toBe('jpeg');
  await expect(page.getByRole('form', { name: 'Analyse ingredients' }).getByText(/Please try/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('textbox', { name: 'Ingredients' })).toHaveValue('');
});
