import { sql, type Kysely } from 'kysely';
import { ratingRank, type AnalysisSummary, type Rating, type UnratedReason } from '@labelwise/domain';
import {
  applySourceUpdate,
  importedProductFields,
  withCorrected,
  type CurrentProduct,
  type ProductField,
} from '@labelwise/domain/products/imported-product';
import { isPersonalProduct } from '@labelwise/domain/products/personal-product';
import type { RecordedEvent } from '@labelwise/event-store';
import type { ProjectionDefinition } from '../engine/projection';
import type { Database } from '../schema/database';
import { barcodeKeysOf, saveBarcodeKeys } from './barcode-keys';
import { addNameWords, withdrawNameWords } from './name-words';
import { loadOffSources, offSourceRow, upsertOffSources, type OffSourceRow } from './off-sources';
import { alternativeCandidate, kindOf } from './product-kind';
import { ensureSearchFunctions } from './search-functions';
import { baseColumnTypes, upsertCards, type ProductCardRow } from './upsert-cards';

const baseColumns = Object.keys(baseColumnTypes) as (keyof typeof baseColumnTypes)[];

/** Products as the API shows them, with the columns search and similar products need. */
export const productCardsProjection: ProjectionDefinition<'product_cards'> = {
  name: 'product_cards',
  // 2: similarity_vector, which GET /api/alternatives/:id reads. 3: search columns written by
  // upsertCards instead of generated. 4: Open Food Facts imports (sources, barcode keys, unrated
  // products, corrected fields). 5: alternatives by kind (product_cards_kind) and the similarity
  // index of rated products only (alternatives are never unrated). 6: personal (a user's scan
  // without a real name), kept out of the community lists, search, alternatives and barcode lookups.
  // 7: product_name_words, which alternatives by name read instead of the similarity index.
  version: 7,
  eventTypes: [
    'ProductCreated',
    'ProductImported',
    'ProductUpdatedFromSource',
    'ProductCorrected',
    'ProductReassessed',
    'ProductRemoved',
  ],
  tables: [
    'product_cards',
    'product_search_words',
    'product_name_words',
    'product_off_sources',
    'product_barcode_keys',
  ],

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
      .addColumn('rating', 'text')
      .addColumn('rating_rank', 'smallint', (c) => c.notNull())
      .addColumn('analysis', 'jsonb')
      .addColumn('unrated_reason', 'text')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('corrected_fields', 'jsonb', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('removed', 'boolean', (c) => c.notNull())
      .addColumn('personal', 'boolean', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('name_vector', sql`tsvector`, (c) => c.notNull())
      .addColumn('search_vector', sql`tsvector`, (c) => c.notNull())
      .addColumn('similarity_vector', sql`tsvector`, (c) => c.notNull())
      .execute();
    const index = (name: string) => s.createIndex(name).ifNotExists().on('product_cards');
    await index('product_cards_name_vector').using('gin').column('name_vector').execute();
    await index('product_cards_search_vector').using('gin').column('search_vector').execute();
    await index('product_cards_rated_similarity')
      .using('gin')
      .column('similarity_vector')
      .where(alternativeCandidate())
      .execute();
    await index('product_cards_kind')
      .expression(sql`(${kindOf(sql.ref('categories'))}), rating_rank desc, id desc`)
      .where(alternativeCandidate())
      .execute();
    await index('product_cards_name_key')
      .column('name_key')
      .where(sql<boolean>`not removed and not personal`)
      .execute();
    await index('product_cards_newest')
      .columns(['created_at desc', 'id desc'])
      .where(sql<boolean>`not removed and not personal`)
      .execute();
    await index('product_cards_newest_green')
      .columns(['created_at desc', 'id desc'])
      .where(sql<boolean>`rating = 'green' and not removed and not personal`)
      .execute();
    await s
      .createTable('product_search_words')
      .ifNotExists()
      .addColumn('word', 'text', (c) => c.primaryKey())
      .addColumn('products', 'integer', (c) => c.notNull())
      .execute();
    await s
      .createTable('product_name_words')
      .ifNotExists()
      .addColumn('word', 'text', (c) => c.notNull())
      .addColumn('categorised', 'boolean', (c) => c.notNull())
      .addColumn('rating_rank', 'int4', (c) => c.notNull())
      .addColumn('product_id', 'int4', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_name_words_pkey', [
        'word',
        'categorised',
        'rating_rank',
        'product_id',
      ])
      .execute();
    await s
      .createTable('product_off_sources')
      .ifNotExists()
      .addColumn('product_id', 'integer', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('barcode_keys', 'jsonb', (c) => c.notNull())
      .addColumn('nutri_score_grade', 'text')
      .addColumn('nova_group', 'smallint')
      .addColumn('nutrition', 'jsonb', (c) => c.notNull())
      .addColumn('quantity', 'text')
      .addColumn('categories', 'jsonb', (c) => c.notNull())
      .addColumn('image_url', 'text')
      .addColumn('off_url', 'text', (c) => c.notNull())
      .addColumn('last_modified_t', 'bigint', (c) => c.notNull())
      .addColumn('source_format', 'text', (c) => c.notNull())
      .execute();
    // The primary key is the lookup: GET /api/products/barcode/{code} probes each form of the code.
    await s
      .createTable('product_barcode_keys')
      .ifNotExists()
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_barcode_keys_pkey', ['key', 'product_id'])
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
    const touched = touchedProductIds(events);
    const cards = await loadCards(db, touched);
    const sources = await loadOffSources(db, touched);
    const existing = [...cards.keys()];
    const keysBefore = new Map(existing.map((id) => [id, keysOf(cards.get(id)!, sources.get(id))]));
    const changedSources = new Map<number, OffSourceRow>();
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
            ...verdict(fields.rating, analysis, null),
            source: fields.source,
            corrected_fields: '[]',
            created_by: fields.createdBy,
            created_at: event.metadata.at,
            removed: false,
            personal: isPersonalProduct(fields),
          });
          break;
        }
        case 'ProductImported':
        case 'ProductUpdatedFromSource': {
          const product = event.data;
          const card = cards.get(product.productId);
          const source = offSourceRow(product);
          sources.set(product.productId, source);
          changedSources.set(product.productId, source);
          const categories = product.categories.join(', ');
          if (!card) {
            cards.set(product.productId, {
              id: product.productId,
              ...importedProductFields(product),
              categories,
              ...verdict(product.rating, product.analysis, product.unratedReason),
              source: 'off',
              corrected_fields: '[]',
              created_by: null,
              created_at: event.metadata.at,
              removed: false,
              personal: false,
            });
            break;
          }
          const update = applySourceUpdate(currentProduct(card), product);
          Object.assign(card, update.fields, { categories });
          if (!update.keepsVerdict)
            Object.assign(card, verdict(product.rating, product.analysis, product.unratedReason));
          break;
        }
        case 'ProductCorrected': {
          const card = cards.get(event.data.productId);
          if (!card) break;
          const { changes, rating, analysis } = event.data;
          const current = currentProduct(card);
          Object.assign(card, changes, {
            corrected_fields: JSON.stringify(withCorrected(current.corrected, changes)),
            ...verdict(rating, analysis, rating === null ? current.unratedReason : null),
          });
          break;
        }
        case 'ProductReassessed': {
          const card = cards.get(event.data.productId);
          if (card) Object.assign(card, verdict(event.data.rating, event.data.analysis, null));
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
    if (existing.length > 0) {
      await countWords(db, existing, -1);
      await withdrawNameWords(db, existing);
    }
    await upsertCards(db, [...cards.values()]);
    await addNameWords(db, [...cards.keys()]);
    await upsertOffSources(db, [...changedSources.values()]);
    const keysAfter = new Map([...cards].map(([id, card]) => [id, keysOf(card, sources.get(id))]));
    await saveBarcodeKeys(db, keysBefore, keysAfter);
    // The vocabulary counts are the only rows other batches write too.
    return () => countWords(db, [...cards.keys()], 1);
  },

  // Every other row is a product's own: a batch that only creates products writes no row another
  // batch writes (bar the vocabulary counts above), so catching up, two such batches go side by side.
  ownRows(events) {
    const created = new Set<number>();
    for (const event of events) {
      if (event.type !== 'ProductCreated' && event.type !== 'ProductImported') return null;
      created.add(event.data.productId);
    }
    return created;
  },
};

/** Rating, rank, analysis and unrated reason, as the card stores them. */
function verdict(
  rating: Rating | null,
  analysis: AnalysisSummary | null,
  unratedReason: UnratedReason | null,
) {
  return {
    rating,
    rating_rank: rating === null ? 0 : ratingRank[rating],
    analysis: analysis === null ? null : JSON.stringify(analysis),
    unrated_reason: rating === null ? unratedReason : null,
  };
}

function currentProduct(card: ProductCardRow): CurrentProduct {
  const { name, brand, barcode, ingredients, description, weight } = card;
  return {
    fields: { name, brand, barcode, ingredients, description, weight },
    corrected: JSON.parse(card.corrected_fields) as ProductField[],
    unratedReason: card.unrated_reason ?? null,
  };
}

function keysOf(card: ProductCardRow, source: OffSourceRow | undefined): Set<string> {
  return barcodeKeysOf({
    barcode: card.barcode,
    listed: !card.removed && !card.personal,
    corrected: JSON.parse(card.corrected_fields) as string[],
    offKeys: source ? (JSON.parse(source.barcode_keys) as string[]) : [],
  });
}

/** Products this batch changes after their creation (new imports need no read). */
function touchedProductIds(events: RecordedEvent[]): number[] {
  const ids = new Set<number>();
  for (const event of events) {
    if (
      event.type === 'ProductCorrected' ||
      event.type === 'ProductReassessed' ||
      event.type === 'ProductRemoved' ||
      event.type === 'ProductUpdatedFromSource'
    )
      ids.add(event.data.productId);
  }
  return [...ids];
}

/** Rows of the products this batch corrects, removes or updates. */
async function loadCards(db: Kysely<Database>, ids: number[]): Promise<Map<number, ProductCardRow>> {
  const cards = new Map<number, ProductCardRow>();
  if (ids.length === 0) return cards;
  const rows = await db
    .selectFrom('product_cards')
    .select([
      ...baseColumns.filter((column) => column !== 'analysis' && column !== 'corrected_fields'),
      sql<string | null>`analysis::text`.as('analysis_json'),
      sql<string>`corrected_fields::text`.as('corrected_json'),
    ])
    .where('id', 'in', ids)
    .execute();
  for (const { analysis_json, corrected_json, ...row } of rows)
    cards.set(row.id, { ...row, analysis: analysis_json, corrected_fields: corrected_json });
  return cards;
}

/**
 * Adds (`sign` 1) or withdraws (-1) the words of these products, if listed in the catalogue (not
 * removed, not personal), from the vocabulary counts: withdrawn before a batch rewrites them,
 * added back after.
 */
async function countWords(db: Kysely<Database>, productIds: number[], sign: 1 | -1) {
  const words = db
    .selectFrom((eb) =>
      eb
        .selectFrom('product_cards')
        .select(sql<string>`unnest(tsvector_to_array(search_vector))`.as('word'))
        .where('id', 'in', productIds)
        .where('removed', '=', false)
        .where('personal', '=', false)
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
