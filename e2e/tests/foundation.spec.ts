import { expect, saveScreenshot, test } from '../fixtures';

test('the home route renders the app shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page).toHaveTitle(/Labelwise/);
  const file = await saveScreenshot(page, 'foundation-home');
  expect(file).toMatch(/foundation-home\.png$/);
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await saveScreenshot(page, 'foundation-not-found');
});

test('the API reports health', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.database.ok).toBe(true);
  expect(body.auth.ok).toBe(true);
  expect(body.auth.provider).toBe('emulator');
});

test('unknown API routes answer JSON 404', async ({ request }) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ error: 'NOT_FOUND' });
});
