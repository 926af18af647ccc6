import { sql, type Kysely } from 'kysely';
import {
  FORGOTTEN_USER_ID,
  productEventTypes,
  userEventTypes,
  type EventOf,
  type ProductEvent,
  type UserEvent,
  foldProduct,
  noProduct,
  type ProductDocument,
} from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';
import { createTable } from '../engine/columns';
import { defineProjection } from '../engine/projection';
import { touchedProductIds } from '../stream-documents';
import type { Database } from '../schema/database';
import { barcodeKeysOf, saveBarcodeKeys } from './barcode-keys';
import { cardRow, loadDocuments, offSourceRow } from './documents';
import { upsertOffSources } from './off-sources';
import { alternativeCandidate, kindOf } from './product-kind';
import { ensureSearchFunctions } from './search-functions';
import {
  productBarcodeKeysTable,
  productCardsTable,
  productOffSourcesTable,
  productSearchWordsTable,
} from './tables';
import { upsertCards } from './upsert-cards';

// A product's events, and a user's: their erasure makes the products they created forget them.
const eventTypes = [...productEventTypes, ...userEventTypes] as const;
type Batch = RecordedEvent<EventOf<(typeof eventTypes)[number]>>[];
const productTypes = new Set<string>(productEventTypes);
const isProductEvent = (event: Batch[number]): event is RecordedEvent<ProductEvent> =>
  productTypes.has(event.type);

/** Products as the API shows them, with the columns search and similar products need. */
export const productCardsProjection = defineProjection({
  name: 'product_cards',
  // 2: similarity_vector, which GET /api/alternatives/:id reads. 3: search columns written by
  // upsertCards instead of generated. 4: Open Food Facts imports (sources, barcode keys, unrated
  // products, corrected fields). 5: alternatives by kind (product_cards_kind) and the similarity
  // index of rated products only (alternatives are never unrated). 6: personal (a user's scan
  // without a real name), kept out of the community lists, search, alternatives and barcode lookups.
  // 7: product_name_words, which alternatives by name read instead of the similarity index.
  // 8: user_label (an English label a user gave an unrated import, kept by later exports).
  // 9: nutrition_warnings (the front-of-pack colours' highs, or a Nutri-Score of D or E): no clean
  // or better alternative has any; dietary_flags, which tiles mark a user's alerts by.
  // 10: created_by forgotten when its user is erased (the rebuild forgets users erased before).
  // 11: an erased user's personal scans (their private analyses) leave the table.
  // 12: alternatives of the same kind by head noun (head_noun, kind_noun) instead of
  // product_name_words, and no worse nutrition where known (nutrition_levels): a candidate may have
  // a nutrition warning.
  version: 12,
  eventTypes,
  tables: ['product_cards', 'product_search_words', 'product_off_sources', 'product_barcode_keys'],

  async createTables(db, schema) {
    await ensureSearchFunctions(db);
    const s = db.schema.withSchema(schema);
    await createTable(db, schema, productCardsTable).execute();
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
    // Listed cards by the kind of food they are: search reads every rating, alternatives the better ones.
    for (const noun of ['head_noun', 'kind_noun'] as const)
      await index(`product_cards_${noun}`)
        .columns([noun, 'rating_rank desc', 'id desc'])
        .where(sql<boolean>`not removed and not personal and ${sql.ref(noun)} <> ''`)
        .execute();
    await index('product_cards_name_key')
      .column('name_key')
      .where(sql<boolean>`not removed and not personal`)
      .execute();
    await index('product_cards_newest')
      .columns(['created_at desc', 'id desc'])
      .where(sql<boolean>`not removed and not personal`)
      .execute();
    // The products a user created, for their data download.
    await index('product_cards_created_by')
      .column('created_by')
      .where(sql<boolean>`created_by is not null`)
      .execute();
    await index('product_cards_newest_green')
      .columns(['created_at desc', 'id desc'])
      .where(
        sql<boolean>`rating = 'green' and nutrition_warnings = '[]'::jsonb and not removed and not personal`,
      )
      .execute();
    await createTable(db, schema, productSearchWordsTable).execute();
    await createTable(db, schema, productOffSourcesTable).execute();
    await createTable(db, schema, productBarcodeKeysTable).execute();
    await s
      .createIndex('product_search_words_trgm')
      .ifNotExists()
      .on('product_search_words')
      .using('gin')
      .expression(sql`word public.gin_trgm_ops`)
      .execute();
  },

  async handle(batch, db) {
    const events = batch.filter(isProductEvent);
    const before = await loadDocuments(db, touchedProductIds(events));
    const products = new Map(before);
    for (const event of events) {
      const product = foldProduct(products.get(event.data.productId) ?? noProduct, event);
      // A personal scan whose creator's key is gone is nobody's: it is not kept (see forgetErasedCreators).
      if (product.status !== 'absent' && product.personalTo !== FORGOTTEN_USER_ID)
        products.set(product.productId, product);
    }
    if (products.size === 0) return forgetErasedCreators(db, batch);
    const existing = [...before.keys()];
    if (existing.length > 0) await countWords(db, existing, -1);
    await upsertCards(db, [...products.values()].map(cardRow));
    await upsertOffSources(
      db,
      [...products.values()]
        .filter((product) => product.off !== null && product.off !== before.get(product.productId)?.off)
        .map((product) => offSourceRow(product.productId, product.off!)),
    );
    await saveBarcodeKeys(db, keysOf(before), keysOf(products));
    // After the cards: a product created in this batch by a user erased in it forgets them too.
    await forgetErasedCreators(db, batch);
    // The vocabulary counts are the only rows other batches write too.
    return () => countWords(db, [...products.keys()], 1);
  },

  // Every other row is a product's own: a batch that only creates products (a user's events other
  // than an erasure write no card) writes no row another batch writes (bar the vocabulary counts
  // above), so catching up, two such batches go side by side.
  ownRows(events) {
    const created = new Set<number>();
    for (const event of events) {
      if (event.type === 'ProductCreated' || event.type === 'ProductImported')
        created.add(event.data.productId);
      else if (isProductEvent(event) || erasedUsers([event]).length > 0) return null;
    }
    return created;
  },
});

/** Each product's barcode keys (see barcodeKeysOf). */
function keysOf(products: Map<number, ProductDocument>): Map<number, Set<string>> {
  const keys = new Map<number, Set<string>>();
  for (const [id, product] of products) {
    keys.set(
      id,
      barcodeKeysOf({
        barcode: product.fields.barcode,
        listed: product.status === 'listed' && product.personalTo === null,
        corrected: product.corrected,
        offKeys: product.off?.barcodeKeys ?? [],
      }),
    );
  }
  return keys;
}

/**
 * The products erased users created read as the replay of their events does once the users' keys
 * are gone: created by nobody. Their personal scans (private analyses, a label only they saw) leave
 * the table: a replay reads them as nobody's, which no one may see.
 */
async function forgetErasedCreators(db: Kysely<Database>, batch: Batch) {
  const erased = erasedUsers(batch);
  if (erased.length === 0) return;
  const personal = await db
    .deleteFrom('product_cards')
    .where('created_by', 'in', erased)
    .where('personal', '=', true)
    .returning('id')
    .execute();
  if (personal.length > 0) {
    const ids = personal.map((card) => card.id);
    await db.deleteFrom('product_off_sources').where('product_id', 'in', ids).execute();
    await db.deleteFrom('product_barcode_keys').where('product_id', 'in', ids).execute();
  }
  await db
    .updateTable('product_cards')
    .set({ created_by: FORGOTTEN_USER_ID })
    .where('created_by', 'in', erased)
    .execute();
}

/** The users this batch erases; a user's other events change no card. */
function erasedUsers(batch: Batch): string[] {
  const erased: string[] = [];
  for (const event of batch.filter((e): e is RecordedEvent<UserEvent> => !isProductEvent(e))) {
    switch (event.type) {
      case 'UserErased':
        erased.push(event.data.uid);
        break;
      case 'UserRegistered':
      case 'UsernameSet':
      case 'PreferencesChanged':
      case 'ScanRecorded':
      case 'ProductLookedUp':
      case 'SubscriptionRequested':
      case 'SubscriptionActivated':
      case 'SubscriptionCancelled':
      case 'SubscriptionExpired':
      case 'SubscriptionPaymentRefunded':
      case 'UserSuspended':
      case 'UserReinstated':
        break;
      default:
        event satisfies never;
    }
  }
  return erased;
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
