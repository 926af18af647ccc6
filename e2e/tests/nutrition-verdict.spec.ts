import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { onSettledPage } from './page-checks';
import { api, recordScanViaApi, signIn, verifiedUser } from './scan-helpers';

/**
 * Products of the Open Food Facts starter set (reference-data/off-source/off-starter.jsonl),
 * imported on first start: celery (low in everything) and marzipan (51.6 g of sugars per 100 g).
 */
const CELERY = '0000651511016';
const MARZIPAN = '0000433070274';

async function openByBarcode(page: Page, code: string) {
  await page.goto('/scan');
  await page.getByRole('textbox', { name: 'Enter a barcode' }).fill(code);
  await page.getByRole('textbox', { name: 'Enter a barcode' }).press('Enter');
  await expect(page).toHaveURL(/\/product\/\d+$/, { timeout: 20_000 });
}

/** axe's WCAG 2.2 AA violations inside these parts of the page, in light and dark mode. */
async function expectAccessible(page: Page, selectors: string[]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const builder = selectors
      .reduce((axe, selector) => axe.include(selector), new AxeBuilder({ page }))
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']);
    const { violations } = await onSettledPage(page, () => builder.analyze());
    expect(violations.map((violation) => `${colorScheme}: ${violation.id}`)).toEqual([]);
  }
}

test.describe('the verdict weighs nutrition', () => {
  test('shows the front-of-pack colours in words beside the verdict, and says when nothing is better', async ({
    page,
  }) => {
    await openByBarcode(page, CELERY);
    await expect(page.getByTestId('rating-banner')).toContainText('A clean choice');
    const colours = page.getByTestId('front-of-pack');
    await expect(colours.getByRole('heading', { name: 'Nutrition per 100 g' })).toBeVisible();
    await expect(colours.getByRole('listitem').filter({ hasText: 'Sugars' })).toContainText('1.65 gLow');
    await expect(colours.getByRole('listitem').filter({ hasText: 'Salt' })).toContainText('0.24 gLow');
    await expect(colours).toContainText('FSA/DH 2016');
    await expect(page.getByTestId('no-better-option')).toHaveText('No better option in our catalogue yet');
  });

  test('marks what is high, never calls it a clean choice, and its tile says so', async ({ page }) => {
    await openByBarcode(page, MARZIPAN);
    await expect(page.getByTestId('rating-banner')).not.toContainText('A clean choice');
    const sugars = page.getByTestId('front-of-pack').getByRole('listitem').filter({ hasText: 'Sugars' });
    await expect(sugars).toContainText('51.6 gHigh');
    await expect(sugars).toHaveAttribute('data-level', 'high');
    await expectAccessible(page, ['[data-testid="rating-banner"]', '[data-testid="front-of-pack"]']);

    await page.goto('/search?q=marzipan');
    const tile = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: 'High Quality Marzipan' })
      .first();
    await expect(tile.getByTestId('nutrition-warnings')).toContainText('High sugar');
    await expectAccessible(page, ['[data-testid="nutrition-warnings"]']);
  });

  test('marks the signed-in user’s dietary alerts on tiles and under the verdict', async ({
    page,
    stack,
  }) => {
    const { account, token } = await verifiedUser(stack);
    const preferences = await api(stack, token, '/api/users/preferences');
    await api(stack, token, '/api/users/preferences', 'PUT', { ...preferences, noGluten: true });
    const name = `Wheat Crackers ${Date.now()}`;
    await recordScanViaApi(stack, token, { name, brand: 'Test Bakery', ingredients: 'Wheat flour, salt' });

    await page.goto('/');
    await signIn(page, account);
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    const tile = page.getByRole('main').getByRole('listitem').filter({ hasText: name }).first();
    await expect(tile.getByRole('list', { name: 'Your dietary alerts' })).toHaveText('Contains gluten');
    await expectAccessible(page, ['[data-testid="dietary-markers"]']);

    await tile.getByRole('link', { name }).click();
    await expect(page.getByRole('list', { name: 'Dietary alerts' })).toHaveText(
      'Contains glutenIn the ingredients: wheat, flour.',
    );
  });
});
