/** The name the scan page gives a pasted scan whose label named no product. */
export const UNNAMED_SCAN_NAME = 'Manual Analysis';

/**
 * A user's scan without a real product name identifies no product anyone else could look for:
 * it stays personal to its creator (in their history, on its own page), out of every community
 * list, search and alternative. Decided from the recorded fields, never from a client's flag.
 */
export function isPersonalProduct(product: { name: string; source: string }): boolean {
  if (product.source !== 'user') return false;
  const name = product.name.trim().toLowerCase();
  return name === '' || name === UNNAMED_SCAN_NAME.toLowerCase();
}

/** How much of a personal scan's ingredients names it: a tile's line. */
const TITLE_LENGTH = 40;

/**
 * What names a personal scan where a product's name would show (its owner's history): the start
 * of the list it read, cut after a word, since its own name names nothing.
 */
export function personalScanTitle(ingredients: string): string {
  const text = ingredients.replace(/\s+/g, ' ').trim();
  if (text === '') return UNNAMED_SCAN_NAME;
  const lastSpace = text.lastIndexOf(' ', TITLE_LENGTH);
  const start =
    text.length <= TITLE_LENGTH
      ? text
      : `${text.slice(0, lastSpace > 0 ? lastSpace : TITLE_LENGTH).replace(/[\s,;:.(]+$/, '')}…`;
  return start.charAt(0).toUpperCase() + start.slice(1);
}
