import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  analysisOf,
  batchings,
  createProjectionSpec,
  productCreated,
  type ProjectionSpec,
} from '../testing/projection-spec';
import { productCardsProjection } from './projection';

const cremeFraiche = productCreated(1, {
  name: 'Crème Fraîche  Épaisse',
  brand: 'Président',
  barcode: '3228021170039',
  ingredients: 'Cream 99%, lactic ferments',
  description: 'Thick crème fraîche, 30% fat',
  weight: '200 g',
  categories: ['Dairies', 'Creams'],
  rating: 'amber',
  analysis: analysisOf('amber'),
});

describe.each(batchings)('product_cards, %s', (batching) => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await createProjectionSpec(productCardsProjection, batching);
  });
  afterAll(async () => {
    await spec?.close();
  });
  beforeEach(async () => {
    await spec.reset();
  });
  const card = (id: number) =>
    spec.db.selectFrom('product_cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Ids of the cards whose `column` matches the tsquery `query` ('simple' configuration). */
  const matching = async (
    column: 'name_vector' | 'search_vector' | 'similarity_vector',
    query: string,
  ): Promise<number[]> => {
    const { rows } = await sql<{ id: number }>`
      select id from product_cards where ${sql.ref(column)} @@ to_tsquery('simple', ${query}) order by id`.execute(
      spec.db,
    );
    return rows.map((row) => row.id);
  };
  /** How many listed products hold each of `words` in the typo vocabulary (absent: undefined). */
  const vocabulary = async (...words: string[]) => {
    const rows = await spec.db
      .selectFrom('product_search_words')
      .selectAll()
      .where('word', 'in', words)
      .execute();
    return Object.fromEntries(words.map((word) => [word, rows.find((row) => row.word === word)?.products]));
  };

  it('shows a created product with its categories, rating rank, analysis and origin', async () => {
    await spec.apply([spec.event('ProductCreated', cremeFraiche, { at: '2026-03-01T09:00:00.000Z' })]);

    expect(await card(1)).toMatchObject({
      id: 1,
      name: 'Crème Fraîche  Épaisse',
      brand: 'Président',
      barcode: '3228021170039',
      ingredients: 'Cream 99%, lactic ferments',
      description: 'Thick crème fraîche, 30% fat',
      weight: '200 g',
      categories: 'Dairies, Creams',
      rating: 'amber',
      rating_rank: 2,
      analysis: analysisOf('amber'),
      source: 'starter',
      created_by: null,
      created_at: new Date('2026-03-01T09:00:00.000Z'),
      removed: false,
    });
  });

  it('stores a user-scanned product without categories as an empty category list', async () => {
    const { categories: _, ...scanned } = productCreated(2, { source: 'user', createdBy: 'alice' });
    await spec.apply([spec.event('ProductCreated', scanned)]);

    expect(await card(2)).toMatchObject({
      categories: '',
      source: 'user',
      created_by: 'alice',
      rating_rank: 3,
    });
  });

  it('derives the search columns: normalised name key, weighted name, search and similarity vectors', async () => {
    await spec.apply([spec.event('ProductCreated', cremeFraiche)]);

    expect((await card(1)).name_key).toBe('creme fraiche epaisse');
    // Name words weigh A, the brand B, categories C, ingredients D; all unaccented.
    expect(await matching('name_vector', 'fraiche:A & president:B')).toEqual([1]);
    expect(await matching('name_vector', 'lactic')).toEqual([]);
    expect(await matching('search_vector', 'epaisse:A & president:B & dairies:C & lactic:D')).toEqual([1]);
    // Similar products compare English stems of the name, categories (A) and ingredients (D).
    expect(await matching('similarity_vector', 'cream:A & ferment:D')).toEqual([1]);
    expect(await matching('similarity_vector', 'president')).toEqual([]);
  });

  it('counts the words of listed products in the typo vocabulary', async () => {
    await spec.apply([
      spec.event('ProductCreated', cremeFraiche),
      spec.event('ProductCreated', productCreated(2, { name: 'Beurre Doux', brand: 'Président' })),
    ]);

    expect(await vocabulary('president', 'creme', 'beurre', 'lactic', '99', 'g')).toEqual({
      president: 2,
      creme: 1,
      beurre: 1,
      lactic: 1,
      // Numbers and words under three letters are no typo targets.
      '99': undefined,
      g: undefined,
    });
  });

  it('applies a correction to the fields it changes, the rating and the search columns', async () => {
    await spec.apply([spec.event('ProductCreated', cremeFraiche, { at: '2026-03-01T09:00:00.000Z' })]);
    await spec.apply([
      spec.event('ProductCorrected', {
        productId: 1,
        changes: { name: 'Crème Légère', weight: '250 g' },
        rating: 'red',
        analysis: analysisOf('red'),
      }),
    ]);

    expect(await card(1)).toMatchObject({
      name: 'Crème Légère',
      name_key: 'creme legere',
      weight: '250 g',
      brand: 'Président',
      ingredients: 'Cream 99%, lactic ferments',
      categories: 'Dairies, Creams',
      rating: 'red',
      rating_rank: 1,
      analysis: analysisOf('red'),
      created_at: new Date('2026-03-01T09:00:00.000Z'),
    });
    expect(await matching('name_vector', 'legere')).toEqual([1]);
    expect(await matching('search_vector', 'epaisse')).toEqual([]);
    expect(await vocabulary('epaisse', 'legere', 'creme', 'president')).toEqual({
      epaisse: 0,
      legere: 1,
      creme: 1,
      president: 1,
    });
  });

  it('keeps a removed product as a row marked removed and takes its words out of the vocabulary', async () => {
    await spec.apply([
      spec.event('ProductCreated', cremeFraiche),
      spec.event('ProductCreated', productCreated(2, { name: 'Beurre Doux', brand: 'Président' })),
    ]);
    await spec.apply([spec.event('ProductRemoved', { productId: 1, reason: 'duplicate of product 7' })]);

    expect((await spec.rows('product_cards', 'id')).map((row) => [row.id, row.removed])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(await vocabulary('president', 'creme', 'beurre')).toEqual({ president: 1, creme: 0, beurre: 1 });
  });

  it('ignores corrections and removals of a product it never saw created', async () => {
    await spec.apply([
      spec.event('ProductCorrected', {
        productId: 9,
        changes: { name: 'Ghost' },
        rating: 'green',
        analysis: analysisOf('green'),
      }),
      spec.event('ProductRemoved', { productId: 9, reason: 'never existed' }),
    ]);

    expect(await spec.rows('product_cards', 'id')).toEqual([]);
  });
});
