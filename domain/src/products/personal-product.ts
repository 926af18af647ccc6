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
