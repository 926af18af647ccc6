import { expect, test } from '../fixtures';
import { signInAndOpenScan, verifiedUser } from './scan-helpers';

/** A real French biscuit list (Open Food Facts, ODbL 1.0): the verdict is in English and quotes it. */
const FRENCH_LABEL =
  'Farine de blé, sucre, huile de palme, amidon modifié de maïs, sirop de glucose, émulsifiant : lécithines de soja, sel, arôme naturel.';

test('a French label pasted on /scan gets a verdict in English quoting its own words', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000);
  const { account } = await verifiedUser(stack);
  await signInAndOpenScan(page, account);
  // The French words are fetched only when a label needs them.
  const vocabulary = page.waitForResponse((response) => /vocabulary|fr-[\w-]+\.js/.test(response.url()));
  await page.getByRole('textbox', { name: 'Ingredients' }).fill(FRENCH_LABEL);
  await page.getByRole('button', { name: 'Analyse Ingredients' }).click();
  expect((await vocabulary).ok()).toBe(true);

  const results = page.getByRole('region', { name: 'Analysis results' });
  await expect(results.getByTestId('rating-banner')).toContainText('Warning');
  await expect(results.getByText('Highly processed', { exact: true })).toBeVisible();
  await expect(results).toContainText('amidon modifié de maïs');
  await expect(results).toContainText('markers of ultra-processed food (NOVA group 4)');
  await expect(results.getByRole('listitem').filter({ hasText: 'Palm oil' })).toBeVisible();
});
