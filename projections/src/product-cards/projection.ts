import { sql, type Kysely } from 'kysely';
import { ratingRank } from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';
import type { ProjectionDefinition } from '../engine/projection';
import type { Database } from '../schema/database';
import { ensureSearchFunctions } from './search-functions';
import { baseColumnTypes, upsertCards, type ProductCardRow } from './upsert-cards';

const baseColumns = Object.keys(baseColumnTypes) as (keyof typeof baseColumnTypes)[];

/** Products as the API shows them, with the columns search and similar products need. */
export const productCardsProjection: ProjectionDefinition<'product_cards'> = {
  name: 'product_cards',
  // 2: similarity_vector, which GET /api/alternatives/:id reads. 3: search columns written by
  // upsertCards instead of generated.
  version: 3,
  eventTypes: ['ProductCreated', 'ProductCorrected', 'ProductRemoved'],
  tables: ['product_cards', 'product_search_words'],

  async createTables(db, schema) {
    await ensureSearchFunctions(db);
    const s = db.schema.withSchema(schema);
    await s
      .createTable('product_cards')
      .ifNotExists()
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('barcode', 'text', (c) => c.notNull())
      .addColumn('ingredients', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('weight', 'text', (c) => c.notNull())
      .addColumn('categories', 'text', (c) => c.notNull())
      .addColumn('rating', 'text', (c) => c.notNull())
      .addColumn('rating_rank', 'smallint', (c) => c.notNull())
      .addColumn('analysis', 'jsonb', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('removed', 'boolean', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('name_vector', sql`tsvector`, (c) => c.notNull())
      .addColumn('search_vector', sql`tsvector`, (c) => c.notNull())
      .addColumn('similarity_vector', sql`tsvector`, (c) => c.notNull())
      .execute();
    const index = (name: string) => s.createIndex(name).ifNotExists().on('product_cards');
    await index('product_cards_name_vector').using('gin').column('name_vector').execute();
    await index('product_cards_search_vector').using('gin').column('search_vector').execute();
    await index('product_cards_similarity_vector').using('gin').column('similarity_vector').execute();
    await index('product_cards_name_key')
      .column('name_key')
      .where(sql<boolean>`not removed`)
      .execute();
    await index('product_cards_barcode')
      .column('barcode')
      .where(sql<boolean>`not removed`)
      .execute();
    await index('product_cards_newest')
      .columns(['created_at desc', 'id desc'])
      .where(sql<boolean>`not removed`)
      .execute();
    await index('product_cards_newest_green')
      .columns(['created_at desc', 'id desc'])
      .where(sql<boolean>`rating = 'green' and not removed`)
      .execute();
    await s
      .createTable('product_search_words')
      .ifNotExists()
      .addColumn('word', 'text', (c) => c.primaryKey())
      .addColumn('products', 'integer', (c) => c.notNull())
      .execute();
    await s
      .createIndex('product_search_words_trgm')
      .ifNotExists()
      .on('product_search_words')
      .using('gin')
      .expression(sql`word public.gin_trgm_ops`)
      .execute();
  },

  async handle(events, db) {
    const cards = await loadTouchedCards(db, events);
    const existing = [...cards.keys()];
    for (const event of events) {
      switch (event.type) {
        case 'ProductCreated': {
          const { productId, categories, analysis, ...fields } = event.data;
          if (cards.has(productId)) break;
          cards.set(productId, {
            id: productId,
            name: fields.name,
            brand: fields.brand,
            barcode: fields.barcode,
            ingredients: fields.ingredients,
            description: fields.description,
            weight: fields.weight,
            categories: (categories ?? []).join(', '),
            rating: fields.rating,
            rating_rank: ratingRank[fields.rating],
            analysis: JSON.stringify(analysis),
            source: fields.source,
            created_by: fields.createdBy,
            created_at: event.metadata.at,
            removed: false,
          });
          break;
        }
        case 'ProductCorrected': {
          const card = cards.get(event.data.productId);
          if (!card) break;
          const { changes, rating, analysis } = event.data;
          Object.assign(card, changes, {
            rating,
            rating_rank: ratingRank[rating],
            analysis: JSON.stringify(analysis),
          });
          break;
        }
        case 'ProductRemoved': {
          const card = cards.get(event.data.productId);
          if (card) card.removed = true;
          break;
        }
      }
    }
    if (cards.size === 0) return;
    if (existing.length > 0) await countWords(db, existing, -1);
    await upsertCards(db, [...cards.values()]);
    await countWords(db, [...cards.keys()], 1);
  },
};

/** Rows of the products this batch corrects, removes or (again) creates. */
async function loadTouchedCards(
  db: Kysely<Database>,
  events: RecordedEvent[],
): Promise<Map<number, ProductCardRow>> {
  const ids = new Set<number>();
  for (const event of events) {
    if (event.type === 'ProductCorrected' || event.type === 'ProductRemoved') ids.add(event.data.productId);
  }
  const cards = new Map<number, ProductCardRow>();
  if (ids.size === 0) return cards;
  const rows = await db
    .selectFrom('product_cards')
    .select([...baseColumns, sql<string>`analysis::text`.as('analysis_json')])
    .where('id', 'in', [...ids])
    .execute();
  for (const { analysis_json, ...row } of rows) cards.set(row.id, { ...row, analysis: analysis_json });
  return cards;
}

/**
 * Adds (`sign` 1) or withdraws (-1) the words of these products, if listed, from the
 * vocabulary counts: withdrawn before a batch rewrites them, added back after.
 */
async function countWords(db: Kysely<Database>, productIds: number[], sign: 1 | -1) {
  const words = db
    .selectFrom((eb) =>
      eb
        .selectFrom('product_cards')
        .select(sql<string>`unnest(tsvector_to_array(search_vector))`.as('word'))
        .where('id', 'in', productIds)
        .where('removed', '=', false)
        .as('lexemes'),
    )
    .select(['word', sql<number>`${sign} * count(*)::int`.as('products')])
    .where('word', '~', '^[[:alpha:]][[:alnum:]]{2,}$')
    .groupBy('word');
  await db
    .insertInto('product_search_words')
    .columns(['word', 'products'])
    .expression(words)
    .onConflict((oc) =>
      oc.column('word').doUpdateSet((eb) => ({
        products: eb('product_search_words.products', '+', eb.ref('excluded.products')),
      })),
    )
    .execute();
}
