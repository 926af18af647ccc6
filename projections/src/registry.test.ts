import { describe, expect, it } from 'vitest';
import { articleEventTypes, productEventTypes, reviewEventTypes, userEventTypes } from '@labelwise/domain';
import { projections, selectProjections } from './registry';

describe('selectProjections', () => {
  it('runs every projection when none is named', () => {
    expect(selectProjections([])).toBe(projections);
  });

  it('keeps the named ones in registry order', () => {
    expect(selectProjections(['monthly_scan_counts', 'product_cards']).map((p) => p.name)).toEqual([
      'product_cards',
      'monthly_scan_counts',
    ]);
  });

  it('refuses a name it does not know, listing the known ones', () => {
    expect(() => selectProjections(['product_cards', 'nope'])).toThrow(
      /Unknown projection "nope"; known: product_cards, .*monthly_scan_counts/,
    );
  });
});

describe('a projection reading a stream kind reads every event of it', () => {
  const kinds = {
    product: productEventTypes,
    review: reviewEventTypes,
    article: articleEventTypes,
    user: userEventTypes,
  };
  const readers = Object.entries(kinds).flatMap(([kind, types]) =>
    projections
      .filter((projection) => types.some((type) => projection.eventTypes.includes(type)))
      .map((projection) => ({ kind, types, projection })),
  );

  it.each(readers.map((reader) => [reader.projection.name, reader.kind, reader] as const))(
    '%s reads every %s event',
    (_name, _kind, { types, projection }) => {
      expect(types.filter((type) => !projection.eventTypes.includes(type))).toEqual([]);
    },
  );

  it('finds the readers of each kind', () => {
    expect(readers.map(({ kind, projection }) => `${kind}: ${projection.name}`)).toEqual([
      'product: product_cards',
      'product: product_ratings',
      'product: off_contributions',
      'review: product_ratings',
      'review: reviews',
      'article: articles',
      'user: product_cards',
      'user: product_ratings',
      'user: user_profiles',
      'user: user_preferences',
      'user: user_scans',
      'user: monthly_scan_counts',
    ]);
  });
});
