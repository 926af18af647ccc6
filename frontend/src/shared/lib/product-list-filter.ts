import { ratingRank, type Rating } from '@labelwise/domain/contracts';

/** History filters: All Products, Green, Risk (amber), Warning (red). */
export type RatingFilter = 'all' | 'green' | 'amber' | 'red';
export const RATING_FILTERS: ReadonlyArray<{ value: RatingFilter; label: string }> = [
  { value: 'all', label: 'All Products' },
  { value: 'green', label: 'Green' },
  { value: 'amber', label: 'Risk' },
  { value: 'red', label: 'Warning' },
];

/** The sort select: Most Recent, Product Name, Rating. */
export type SortOrder = 'recent' | 'name' | 'rating';
export const SORT_ORDERS: ReadonlyArray<{ value: SortOrder; label: string }> = [
  { value: 'recent', label: 'Most Recent' },
  { value: 'name', label: 'Product Name' },
  { value: 'rating', label: 'Rating' },
];

export interface ProductListFilter {
  rating: RatingFilter;
  /** null: every brand. */
  brand: string | null;
  sort: SortOrder;
}

export const DEFAULT_PRODUCT_LIST_FILTER: ProductListFilter = { rating: 'all', brand: null, sort: 'recent' };

/** A card of a list (a scanned product); the filter copes with a missing brand, rating or scan time. */
export interface ListedProduct {
  id: number;
  name: string;
  brand?: string | null;
  rating?: Rating | null;
  scannedAt?: string | null;
}

const brandOf = (product: ListedProduct) => product.brand?.trim() ?? '';

/** The distinct brands of the list (trimmed, blanks left out), alphabetically. */
export function distinctBrands(products: readonly ListedProduct[]): string[] {
  const brands = new Set(products.map(brandOf).filter(Boolean));
  return [...brands].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

const scannedTime = (product: ListedProduct) => {
  const time = product.scannedAt ? Date.parse(product.scannedAt) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
};

/** Rating sort order green 3, amber 2, red 1; unrated after all of them. */
const rank = (product: ListedProduct) => (product.rating ? ratingRank[product.rating] : 0);

const byRecent = (a: ListedProduct, b: ListedProduct) => scannedTime(b) - scannedTime(a);
const byName = (a: ListedProduct, b: ListedProduct) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true });
const COMPARE: Record<SortOrder, (a: ListedProduct, b: ListedProduct) => number> = {
  recent: byRecent,
  name: (a, b) => byName(a, b) || byRecent(a, b),
  rating: (a, b) => rank(b) - rank(a) || byRecent(a, b),
};

/** Keeps the products matching the rating and brand chips, in the chosen order (a new array). */
export function filterAndSortProducts<P extends ListedProduct>(
  products: readonly P[],
  { rating, brand, sort }: ProductListFilter,
): P[] {
  return products
    .filter((product) => rating === 'all' || product.rating === rating)
    .filter((product) => brand === null || brandOf(product) === brand)
    .sort(COMPARE[sort]);
}
