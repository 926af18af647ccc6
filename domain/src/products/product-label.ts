import type { ProductFields } from '../events/product-events';
import { foldDiacritics } from '../analyser/text';

/** Lower-case, unaccented, single spaces, trimmed: the catalogue's `labelwise_search_key`, in TypeScript. */
const labelPart = (text: string) => foldDiacritics(text.toLowerCase()).replace(/\s+/g, ' ').trim();

/**
 * What makes two named products without a barcode the same product: the same name, brand and
 * ingredients, compared as the catalogue compares them (case, accents and spacing aside).
 */
export function productLabel(fields: Pick<ProductFields, 'name' | 'brand' | 'ingredients'>): string {
  return [fields.name, fields.brand, fields.ingredients].map(labelPart).join('\n');
}
