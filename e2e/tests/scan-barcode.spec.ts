import { expect, test } from '../fixtures';
import { barcodeVideo, fakeCameraLaunchOptions, writeBarcodeVideo } from './camera-video';
import { signInAndOpenScan, verifiedUser } from './scan-helpers';

// The fake camera films the EAN-13 barcode of starter product 1.
test.use({ launchOptions: fakeCameraLaunchOptions(barcodeVideo), permissions: ['camera'] });
test.beforeAll(writeBarcodeVideo);

test('a barcode in front of the camera opens its product', async ({ page, stack }) => {
  const { account } = await verifiedUser(stack);
  await signInAndOpenScan(page, account);
  await page.getByRole('button', { name: 'Scan with Camera' }).click();
  await expect(page.getByRole('dialog', { name: 'Scan Ingredients' })).toBeVisible();
  await expect(page).toHaveURL(/\/product\/1$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Jumbo Rolled Oats', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Scan Ingredients' })).toHaveCount(0);
});
