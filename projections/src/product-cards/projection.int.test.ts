import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  analysisOf,
  batchings,
  createProjectionSpec,
  productCreated,
  type ProjectionSpec,
} from '../../testing/projection-spec';
import { FORGOTTEN_USER_ID } from '@labelwise/domain';
import { importedProduct } from '@labelwise/domain/testing';
import { alternativeCandidate, kindOf } from './product-kind';
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

  it('indexes listed, rated cards by kind (the most specific category), best rated first', async () => {
    await spec.apply([
      spec.event('ProductCreated', cremeFraiche),
      spec.event('ProductCreated', productCreated(2, { categories: ['Dairies', 'Creams'] })),
      spec.event('ProductCreated', productCreated(3, { categories: ['Creams', 'Dairies'] })),
      spec.event('ProductCreated', productCreated(4, { categories: ['Dairies', 'Creams'] })),
      spec.event('ProductRemoved', { productId: 4, reason: 'duplicate of product 2' }),
      spec.event('ProductImported', importedProduct(5, { ingredientsText: null, categories: ['Creams'] })),
    ]);
    // What GET /api/alternatives/{id} asks of product_cards_kind: the removed (4) and unrated (5)
    // creams are not in it, and product 3 is a dairy.
    const creams = sql<{ id: number }>`
      select id from product_cards
      where ${kindOf(sql.ref('categories'))} = 'Creams' and ${alternativeCandidate()}
      order by rating_rank desc, id desc`;
    const plan = await spec.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return (await sql<{ 'QUERY PLAN': string }>`explain ${creams}`.execute(trx)).rows;
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('product_cards_kind');
    expect((await creams.execute(spec.db)).rows).toEqual([{ id: 2 }, { id: 1 }]);
  });

  it('keeps the kind of food each name and category says, and the ranks of what is known of the nutrition', async () => {
    await spec.apply([
      spec.event('ProductCreated', cremeFraiche),
      spec.event('ProductImported', importedProduct(2, { name: 'Hill Farm Porridge Oats' })),
      spec.event(
        'ProductCreated',
        productCreated(3, { name: 'Manual Analysis', source: 'user', createdBy: 'uid-3', categories: [] }),
      ),
    ]);
    await spec.apply([
      spec.event('ProductCorrected', {
        productId: 1,
        changes: { name: 'Crème Légère Sauce' },
        rating: 'red',
        analysis: analysisOf('red'),
      }),
    ]);
    const columns = async (id: number) => {
      const { head_noun, kind_noun, nutrition_levels } = await card(id);
      return { head_noun, kind_noun, nutrition_levels };
    };
    // The corrected name's kind; no nutrition known of a product OFF does not have.
    expect(await columns(1)).toEqual({ head_noun: 'legere sauce', kind_noun: 'cream', nutrition_levels: {} });
    // The brand is no kind; OFF's values ranked (low 1, medium 2, high 3; Nutri-Score A 1).
    expect(await columns(2)).toEqual({
      head_noun: 'oat',
      kind_noun: 'oat',
      nutrition_levels: { fat: 2, saturates: 1, sugars: 1, salt: 1, nutriScore: 1 },
    });
    // A personal scan's name names nothing.
    expect((await columns(3)).head_noun).toBe('');
  });

  it('derives the similarity vector as if name and categories were normalised in one piece', async () => {
    const tricky = (productId: number, name: string, categories: string[]) =>
      spec.event('ProductCreated', productCreated(productId, { name, categories, ingredients: '' }));
    await spec.apply([
      spec.event('ProductCreated', cremeFraiche),
      tricky(2, '  Thé ¼\tVert ', []),
      tricky(3, 'Bière', ['  ', '½ Pression']),
      tricky(4, ' ', ['Œufs\u00a0Frais']),
    ]);
    const { rows } = await sql<{ id: number }>`
      select id from product_cards
      where similarity_vector = setweight(to_tsvector('english', public.labelwise_search_key(name || ' ' || categories)), 'A')
                             || setweight(to_tsvector('english', public.labelwise_search_key(ingredients)), 'D')
      order by id`.execute(spec.db);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4]);
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

  it('shows a corrected quantity as the weight, kept over a later export, the verdict untouched', async () => {
    await spec.apply([spec.event('ProductImported', importedProduct(1))]);
    await spec.apply([spec.event('ProductQuantityCorrected', { productId: 1, quantity: '900 g' })]);
    await spec.apply([
      spec.event(
        'ProductUpdatedFromSource',
        importedProduct(1, { lastModifiedT: 1_800_000_000, quantity: '2 kg' }),
      ),
    ]);

    expect(await card(1)).toMatchObject({
      weight: '900 g',
      corrected_fields: ['weight'],
      rating: importedProduct(1).rating,
      analysis: importedProduct(1).analysis,
    });
    const [source] = await spec.rows('product_off_sources', 'product_id');
    expect(source).toMatchObject({ quantity: '2 kg', last_modified_t: '1800000000' });
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

  it('forgets an erased user as the creator of their products, and drops their personal scans, as a replay without their key reads them', async () => {
    const created = (productId: number, createdBy: string, name = `Oat bar ${productId}`) =>
      spec.event('ProductCreated', productCreated(productId, { name, createdBy, source: 'user' }));
    await spec.apply([
      created(1, 'u-gone'),
      created(2, 'u-stays'),
      created(3, 'u-gone', 'Manual Analysis'),
      spec.event('UserErased', { uid: 'u-gone', keepReviews: false, reason: null }),
    ]);

    const rows = await spec.rows('product_cards', 'id');
    expect(rows.map((row) => [row.id, row.created_by, row.personal])).toEqual([
      [1, FORGOTTEN_USER_ID, false],
      [2, 'u-stays', false],
    ]);
  });

  it('keeps no personal scan of nobody, as a replay reads one whose creator was erased', async () => {
    await spec.apply([
      spec.event(
        'ProductCreated',
        productCreated(4, { name: 'Manual Analysis', createdBy: FORGOTTEN_USER_ID, source: 'user' }),
      ),
      spec.event('ProductCreated', productCreated(5, { createdBy: FORGOTTEN_USER_ID, source: 'user' })),
    ]);
    const rows = await spec.rows('product_cards', 'id');
    expect(rows.map((row) => [row.id, row.created_by, row.personal])).toEqual([
      [5, FORGOTTEN_USER_ID, false],
    ]);
  });

  describe('Open Food Facts imports', () => {
    const keys = async () =>
      (await spec.rows('product_barcode_keys', 'key')).map((row) => `${row.key}→${row.product_id}`);
    const oats = importedProduct(20);

    it('shows an imported product with its OFF source and every barcode key', async () => {
      await spec.apply([spec.event('ProductImported', oats, { at: '2026-03-01T09:00:00.000Z' })]);

      expect(await card(20)).toMatchObject({
        name: 'Porridge Oats 20',
        brand: 'Hill Farm',
        barcode: '012345000020',
        ingredients: oats.ingredientsText,
        weight: '1 kg',
        categories: 'breakfasts, cereals and potatoes, porridge oats',
        rating: oats.rating,
        analysis: oats.analysis,
        unrated_reason: null,
        source: 'off',
        corrected_fields: [],
        created_at: new Date('2026-03-01T09:00:00.000Z'),
      });
      expect(await spec.rows('product_off_sources', 'product_id')).toEqual([
        {
          product_id: 20,
          code: '012345000020',
          barcode_keys: ['012345000020', '0012345000020'],
          nutri_score_grade: 'a',
          nova_group: 1,
          nutrition: oats.nutrition,
          quantity: '1 kg',
          categories: oats.categories,
          image_url: oats.imageUrl,
          off_url: 'https://world.openfoodfacts.org/product/012345000020',
          last_modified_t: '1700000000',
          source_format: 'jsonl',
        },
      ]);
      expect(await keys()).toEqual(['0012345000020→20', '012345000020→20']);
      expect(await matching('search_vector', 'porridge')).toEqual([20]);
    });

    it('stores an unrated product without a rating, with its reason, ranked below every rating', async () => {
      await spec.apply([
        spec.event(
          'ProductImported',
          importedProduct(21, { ingredientsText: null, unratedReason: 'ingredients not in English' }),
        ),
      ]);

      expect(await card(21)).toMatchObject({
        rating: null,
        rating_rank: 0,
        analysis: null,
        unrated_reason: 'ingredients not in English',
        ingredients: '',
      });
    });

    it('never overwrites a corrected field with a later export (correction wins)', async () => {
      await spec.apply([spec.event('ProductImported', oats)]);
      await spec.apply([
        spec.event('ProductCorrected', {
          productId: 20,
          changes: { name: 'Scottish Porridge Oats', ingredients: 'rolled oats' },
          rating: 'green',
          analysis: analysisOf('green'),
        }),
      ]);
      await spec.apply([
        spec.event(
          'ProductUpdatedFromSource',
          importedProduct(20, {
            name: 'Porridge Oats NEW',
            brand: 'Hill Farm Ltd',
            ingredientsText: null,
            unratedReason: 'no ingredients',
            nutriScoreGrade: 'b',
            lastModifiedT: 1_800_000_000,
          }),
        ),
      ]);

      expect(await card(20)).toMatchObject({
        name: 'Scottish Porridge Oats',
        brand: 'Hill Farm Ltd',
        ingredients: 'rolled oats',
        rating: 'green',
        analysis: analysisOf('green'),
        unrated_reason: null,
        corrected_fields: ['name', 'ingredients'],
      });
      expect(await spec.rows('product_off_sources', 'product_id')).toMatchObject([
        { nutri_score_grade: 'b', last_modified_t: '1800000000' },
      ]);
    });

    it('takes every uncorrected field and the verdict from a later export', async () => {
      await spec.apply([spec.event('ProductImported', oats)]);
      await spec.apply([
        spec.event(
          'ProductUpdatedFromSource',
          importedProduct(20, { name: 'Jumbo Oats', ingredientsText: null, unratedReason: 'no ingredients' }),
        ),
      ]);

      expect(await card(20)).toMatchObject({
        name: 'Jumbo Oats',
        rating: null,
        unrated_reason: 'no ingredients',
        corrected_fields: [],
      });
      expect(await matching('name_vector', 'jumbo')).toEqual([20]);
      expect(await vocabulary('jumbo', 'rolled')).toEqual({ jumbo: 1, rolled: 0 });
    });

    it('adds the OFF keys to a user product an import matched, and moves keys with a corrected barcode', async () => {
      await spec.apply([
        spec.event('ProductCreated', productCreated(22, { barcode: '0012345000022', source: 'user' })),
      ]);
      await spec.apply([spec.event('ProductUpdatedFromSource', importedProduct(22))]);
      expect(await keys()).toEqual(['0012345000022→22', '012345000022→22']);
      expect(await card(22)).toMatchObject({
        source: 'user',
        name: 'Porridge Oats 22',
        barcode: '012345000022',
      });

      await spec.apply([
        spec.event('ProductCorrected', {
          productId: 22,
          changes: { barcode: '5000000000022' },
          rating: 'green',
          analysis: analysisOf('green'),
        }),
      ]);
      expect(await keys()).toEqual(['5000000000022→22']);
    });

    it('drops the barcode keys of a removed product', async () => {
      await spec.apply([
        spec.event('ProductImported', oats),
        spec.event('ProductCreated', productCreated(3)),
      ]);
      await spec.apply([spec.event('ProductRemoved', { productId: 20, reason: 'not food' })]);

      expect(await keys()).toEqual([`${productCreated(3).barcode}→3`]);
    });
  });
});
