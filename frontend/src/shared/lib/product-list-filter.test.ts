import { describe, expect, it } from 'vitest';
import type { Rating } from '@labelwise/domain/contracts';
import {
  DEFAULT_PRODUCT_LIST_FILTER,
  distinctBrands,
  filterAndSortProducts,
  type ListedProduct,
} from './product-list-filter';

const card = (
  id: number,
  name: string,
  brand: string | null,
  rating: Rating | null,
  scannedAt: string | null,
): ListedProduct => ({ id, name, brand, rating, scannedAt });

const PRODUCTS = [
  card(1, 'oat milk', 'Oatly', 'amber', '2026-05-03T10:00:00.000Z'),
  card(2, 'Apple juice', 'Orchard', 'green', '2026-05-05T10:00:00.000Z'),
  card(3, 'Cola', 'Fizzco', 'red', '2026-05-01T10:00:00.000Z'),
  card(4, 'Banana bread', 'Orchard', 'green', '2026-05-04T10:00:00.000Z'),
  card(5, 'Mystery snack', null, null, null),
  card(6, 'Zesty crisps', ' Fizzco ', 'amber', '2026-05-02T10:00:00.000Z'),
];

const ids = (products: ListedProduct[]) => products.map((product) => product.id);

describe('distinctBrands', () => {
  it('lists each brand once, trimmed, alphabetically, without blanks', () => {
    expect(distinctBrands([...PRODUCTS, card(7, 'x', '  ', 'green', null)])).toEqual([
      'Fizzco',
      'Oatly',
      'Orchard',
    ]);
  });
});

describe('filterAndSortProducts', () => {
  it('shows everything, most recent first, by default (never-dated last)', () => {
    expect(ids(filterAndSortProducts(PRODUCTS, DEFAULT_PRODUCT_LIST_FILTER))).toEqual([2, 4, 1, 6, 3, 5]);
  });

  it('filters Green, Risk (amber) and Warning (red)', () => {
    const only = (rating: 'green' | 'amber' | 'red') =>
      ids(filterAndSortProducts(PRODUCTS, { ...DEFAULT_PRODUCT_LIST_FILTER, rating }));
    expect(only('green')).toEqual([2, 4]);
    expect(only('amber')).toEqual([1, 6]);
    expect(only('red')).toEqual([3]);
  });

  it('filters by brand, matching trimmed brands, and combines with the rating chip', () => {
    expect(ids(filterAndSortProducts(PRODUCTS, { ...DEFAULT_PRODUCT_LIST_FILTER, brand: 'Fizzco' }))).toEqual(
      [6, 3],
    );
    expect(ids(filterAndSortProducts(PRODUCTS, { rating: 'red', brand: 'Orchard', sort: 'recent' }))).toEqual(
      [],
    );
  });

  it('sorts by product name, case-insensitively', () => {
    expect(ids(filterAndSortProducts(PRODUCTS, { ...DEFAULT_PRODUCT_LIST_FILTER, sort: 'name' }))).toEqual([
      2, 4, 3, 5, 1, 6,
    ]);
  });

  it('sorts by rating green 3, amber 2, red 1, unrated last, newest first within a rating', () => {
    expect(ids(filterAndSortProducts(PRODUCTS, { ...DEFAULT_PRODUCT_LIST_FILTER, sort: 'rating' }))).toEqual([
      2, 4, 1, 6, 3, 5,
    ]);
  });

  it('leaves the input untouched', () => {
    const before = ids(PRODUCTS);
    filterAndSortProducts(PRODUCTS, { ...DEFAULT_PRODUCT_LIST_FILTER, sort: 'name' });
    expect(ids(PRODUCTS)).toEqual(before);
  });
});
