import type { ImportedProduct } from '../src/events/import-events';
import { assessIngredients } from '../src/products/assess-ingredients';

/**
 * A realistic `ProductImported` / `ProductUpdatedFromSource` payload: an English OFF product
 * rated by our analyser. `overrides` change any field; with `ingredientsText: null`, pass an
 * `unratedReason` and the verdict is dropped (an unrated product).
 */
export function importedProduct(
  productId: number,
  overrides: Partial<ImportedProduct> = {},
): ImportedProduct {
  // A UPC-A code as OFF prints it (12 digits); its EAN-13 form has one more leading zero.
  const code = overrides.code ?? `012345${String(productId).padStart(6, '0')}`;
  const ingredientsText =
    overrides.ingredientsText === undefined
      ? 'Rolled <span class="allergen">oats</span> (100%), _wheat_ flour &amp; salt'
      : overrides.ingredientsText;
  const categories = overrides.categories ?? ['breakfasts', 'cereals and potatoes', 'porridge oats'];
  const verdict = ingredientsText === null ? null : assessIngredients(ingredientsText, categories);
  return {
    productId,
    code,
    barcodeKeys: [code, `0${code}`],
    name: `Porridge Oats ${productId}`,
    brand: 'Hill Farm',
    ingredientsText,
    unratedReason: ingredientsText === null ? 'ingredients not in English' : null,
    novaGroup: 1,
    nutriScoreGrade: 'a',
    nutrition: {
      energyKcal: 374,
      fat: 8,
      saturatedFat: 1.5,
      sugars: 1.1,
      salt: 0.01,
      fiber: 9,
      proteins: 11,
    },
    quantity: '1 kg',
    categories,
    imageUrl: `https://images.openfoodfacts.org/images/products/${code}/front_en.3.400.jpg`,
    lastModifiedT: 1_700_000_000,
    offUrl: `https://world.openfoodfacts.org/product/${code}`,
    sourceFormat: 'jsonl',
    rating: verdict?.rating ?? null,
    analysis: verdict?.analysis ?? null,
    ...overrides,
  };
}
