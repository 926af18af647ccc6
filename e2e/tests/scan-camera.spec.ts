import { expect, saveScreenshot, test } from '../fixtures';
import { fakeCameraLaunchOptions, ketchup, labelVideo, writeLabelVideo } from './camera-video';
import { signInAndOpenScan, verifiedUser } from './scan-helpers';

// The fake camera films a printed ketchup label (made with sharp, like the OCR tests' images).
test.use({ launchOptions: fakeCameraLaunchOptions(labelVideo), permissions: ['camera'] });
test.beforeAll(writeLabelVideo);

test('the camera photographs a label, the OCR fills the form to check, and the analysis shows', async ({
  page,
  stack,
}) => {
  test.slow();
  const { account } = await verifiedUser(stack);
  await signInAndOpenScan(page, account);

  await page.getByRole('button', { name: 'Scan with Camera' }).click();
  const overlay = page.getByRole('dialog', { name: 'Scan Ingredients' });
  await expect(overlay).toBeVisible();
  const takePhoto = overlay.getByRole('button', { name: 'Take photo' });
  await expect(takePhoto).toBeEnabled();
  await expect
    .poll(() => overlay.locator('video').evaluate((video: HTMLVideoElement) => video.videoWidth))
    .toBeGreaterThan(0);
  await saveScreenshot(page, 'desktop-scan-camera');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(takePhoto).toBeInViewport();
  await saveScreenshot(page, 'mobile-scan-camera');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(takePhoto).toBeInViewport();

  // Flip to the front camera and back: the preview comes back each time.
  await overlay.getByRole('button', { name: 'Switch to front camera' }).click();
  await expect(overlay.getByRole('button', { name: 'Switch to rear camera' })).toBeEnabled();
  await expect(takePhoto).toBeEnabled();
  await overlay.getByRole('button', { name: 'Switch to rear camera' }).click();
  await expect(takePhoto).toBeEnabled();

  const request = page.waitForRequest('**/api/process-image');
  await takePhoto.click();
  await expect(overlay.getByText('Processing image...')).toBeVisible();
  const image = ((await request).postDataJSON() as { image: string }).image;
  expect(image.startsWith('data:')).toBe(false);
  expect(Buffer.from(image, 'base64').subarray(0, 2).toString('hex')).toBe('ffd8');

  await expect(overlay).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('textbox', { name: 'Ingredients' })).toHaveValue(/Tomatoes/i);
  await expect(page.getByRole('textbox', { name: 'Ingredients' })).toHaveValue(/Vinegar/i);
  await expect(page.getByRole('textbox', { name: 'Product name' })).toHaveValue(ketchup.productName);
  // The recognised text waits to be checked: nothing is saved until 'Analyse Ingredients'.
  const results = page.getByRole('region', { name: 'Analysis results' });
  await expect(page.getByText(/^Read from your photo/)).toBeVisible();
  await expect(results).toHaveCount(0);
  await page.getByRole('button', { name: 'Analyse Ingredients' }).click();
  await expect(results.getByTestId('rating-banner')).toContainText(/Green|Risk|Warning/);
  await expect(results.getByRole('link', { name: 'View saved product' })).toBeVisible();
});
