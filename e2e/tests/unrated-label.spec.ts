import { expect, test } from '../fixtures';
import { signInAndOpenScan, verifiedUser } from './scan-helpers';

/**
 * A product without an English list takes a shopper's English label. The starter set has none, so
 * this one joins the catalogue the way any Open Food Facts product does: its barcode typed on
 * /scan. It is a real OFF product (export-sample.jsonl, which the local OFF stand-in serves)
 * labelled in French only, so its verdict is first read from OFF's ingredient analysis.
 */
const PAIN_DE_MIE = { code: '0000554004509', name: 'Pain de mie sans gluten' };
/** Its French label, in English. */
const ENGLISH_LABEL =
  'Water, tapioca starch, rice flour, potato starch, vegetable oils: rapeseed oil, sunflower oil, yeast, ' +
  'humectant: vegetable glycerol, stabiliser: hydroxypropyl methyl cellulose, maize starch, dried egg ' +
  'white, caster sugar, psyllium husk powder, maize flour, iodised salt: salt, potassium iodate, ' +
  'fermented maize starch, rice starch';

test('a product read from OFF’s ingredient analysis takes a signed-in shopper’s English label and shows its rating to everyone', async ({
  page,
  browser,
  stack,
}) => {
  const { account } = await verifiedUser(stack);
  await signInAndOpenScan(page, account);
  await page.getByRole('textbox', { name: 'Enter a barcode' }).fill(PAIN_DE_MIE.code);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page).toHaveURL(/\/product\/\d+$/, { timeout: 20_000 });
  const productUrl = page.url();
  await expect(page.getByRole('heading', { name: PAIN_DE_MIE.name, level: 1 })).toBeVisible();
  const banner = page.getByTestId('rating-banner');
  await expect(banner).toContainText('Warning');
  const readFromOff = page.getByText("the verdict was read from Open Food Facts' ingredient analysis");
  await expect(readFromOff).toBeVisible();
  await expect(page.getByText(/^Eau ; fécule de tapioca/)).toBeVisible();

  const form = page.getByRole('form', { name: 'Add the English label' });
  await form.getByRole('textbox', { name: 'Ingredients in English' }).fill(ENGLISH_LABEL);
  await form.getByRole('button', { name: 'Save the label' }).click();

  // Rated by the server from the label: hydroxypropyl methyl cellulose and glycerol make it ultra-processed.
  await expect(banner).toContainText('Warning');
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Ingredients', level: 2 })).toBeVisible();
  await expect(readFromOff).toHaveCount(0);

  // Everyone sees the rating now, signed out, on a fresh load.
  const visitor = await browser.newPage();
  await visitor.goto(productUrl);
  await expect(visitor.getByTestId('rating-banner')).toContainText('Warning');
  await expect(visitor.getByRole('form', { name: 'Add the English label' })).toHaveCount(0);
  await visitor.close();
});
