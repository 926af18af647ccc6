import type { ImportedProduct, UnratedReason } from '../events/import-events';
import type { ProductFields } from '../events/product-events';

export type ProductField = keyof ProductFields;

/** The product fields an OFF record gives (it has no description; its quantity is our weight). */
export function importedProductFields(product: ImportedProduct): ProductFields {
  return {
    name: product.name,
    brand: product.brand ?? '',
    barcode: product.code,
    ingredients: product.ingredientsText ?? '',
    description: '',
    weight: product.quantity ?? '',
  };
}

/** What a product is now: its fields, the ones a moderator corrected, and why it is unrated (if so). */
export interface CurrentProduct {
  fields: ProductFields;
  corrected: readonly ProductField[];
  unratedReason: UnratedReason | null;
  /** Its ingredients are an English label a user gave (see `ProductDocument.userLabel`). */
  userLabel: boolean;
}

/**
 * The verdict follows the ingredients: once a moderator corrected them, the verdict they gave stands
 * and a later export's no longer applies.
 */
export const verdictCorrected = (corrected: readonly string[]): boolean => corrected.includes('ingredients');

/**
 * A product created in the app (by a user or a moderator, not the starter set) has the label its
 * creator typed or confirmed from the pack: a later export keeps it (see `keepsLabel`).
 */
export const labelFromCreator = (created: { source: string }): boolean => created.source !== 'starter';

/**
 * Whether a later export leaves the product's ingredients and verdict as they are: a moderator
 * corrected them, or they are the English label a user gave (typed or confirmed from the pack).
 */
export const keepsLabel = (product: Pick<CurrentProduct, 'corrected' | 'userLabel'>): boolean =>
  product.userLabel || verdictCorrected(product.corrected);

/**
 * Correction wins: a later OFF export replaces every field except those a moderator corrected.
 * Our verdict (rating, analysis, unrated reason) follows the ingredients: it comes from the
 * export unless the ingredients were corrected or given by a user (`keepsVerdict`), when those stand.
 */
export function applySourceUpdate(
  current: CurrentProduct,
  update: ImportedProduct,
): Omit<CurrentProduct, 'userLabel'> & { keepsVerdict: boolean } {
  const fromSource = importedProductFields(update);
  const fields = { ...fromSource };
  for (const field of current.corrected) Object.assign(fields, { [field]: current.fields[field] });
  const keepsVerdict = keepsLabel(current);
  if (keepsVerdict) fields.ingredients = current.fields.ingredients;
  return {
    fields,
    corrected: current.corrected,
    unratedReason: keepsVerdict ? current.unratedReason : update.unratedReason,
    keepsVerdict,
  };
}

/** The fields corrected so far, with those of a new correction added (in field order, once each). */
export function withCorrected(
  corrected: readonly ProductField[],
  changes: Partial<ProductFields>,
): ProductField[] {
  const all = new Set<string>([...corrected, ...Object.keys(changes)]);
  return PRODUCT_FIELDS.filter((field) => all.has(field));
}

export const PRODUCT_FIELDS: readonly ProductField[] = [
  'name',
  'brand',
  'barcode',
  'ingredients',
  'description',
  'weight',
];
