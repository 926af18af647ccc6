import { starterProducts } from '@labelwise/reference-data';
import { describe, expect, it } from 'vitest';
import type { Rating } from '../contracts/rating';
import { analyseIngredients } from './analyse';

/** The rating each starter product is meant to get: whole foods green, everyday staples amber, ultra-processed red. */
const intended: Record<number, Rating> = {
  1: 'green',
  2: 'green',
  3: 'amber',
  4: 'amber',
  5: 'green',
  6: 'green',
  7: 'amber',
  8: 'amber',
  9: 'amber',
  10: 'red',
  11: 'red',
  12: 'red',
  13: 'red',
  14: 'amber',
};

describe('starter products rated by the analyser', () => {
  it.each(starterProducts.map((p) => [p.id, p.name, p] as const))(
    '%i %s gets its intended rating',
    (id, _name, product) => {
      expect(intended[id], `no intended rating for starter product ${id}`).toBeDefined();
      expect(analyseIngredients(product.ingredients).rating).toBe(intended[id]);
      expect(
        analyseIngredients(product.ingredients, undefined, { categories: product.categories }).rating,
      ).toBe(intended[id]);
    },
  );

  it('spread over green, amber and red', () => {
    const ratings = new Set(starterProducts.map((p) => analyseIngredients(p.ingredients).rating));
    expect([...ratings].sort()).toEqual(['amber', 'green', 'red']);
  });
});
