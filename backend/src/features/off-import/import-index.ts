import { sql, type Kysely } from 'kysely';
import type { Database } from '@labelwise/projections';
import { countUnratedForLanguage } from '@labelwise/projections/queries';
import { canonicalBarcode } from '@labelwise/domain';
import { START, comparePositions, type EventStore, type Position } from '@labelwise/event-store';
import { foldKnownProduct, type KnownProduct } from './known-products';

/**
 * The importer's own index of canonical barcode → product id + `last_modified_t`, so a run decides
 * import / update / unchanged with one indexed lookup per batch instead of reading streams.
 *
 * It is only a cache: the event store is the truth. Each run first folds every event after the
 * index's checkpoint (what a crashed run appended but did not record here, and what users did
 * since), and the barcode claim's expected revision still refuses a second product for a
 * barcode the index missed (the batch is then resolved from the streams).
 */
const CATCH_UP_PAGE = 5000;

// Plain SQL: the index belongs to the importer, not to the read-table schema.
type Db = Kysely<Database>;

/** What the index knows for these canonical barcodes. */
export async function lookupKnown(db: Db, barcodes: readonly string[]): Promise<Map<string, KnownProduct>> {
  const known = new Map<string, KnownProduct>();
  if (barcodes.length === 0) return known;
  const { rows } = await sql<{
    barcode: string;
    product_id: string;
    last_modified_t: string | null;
    awaits_off_reading: boolean;
  }>`
    select barcode, product_id, last_modified_t, awaits_off_reading
    from off_import_index where barcode = any(${barcodes}::text[])`.execute(db);
  for (const row of rows)
    known.set(row.barcode, {
      productId: Number(row.product_id),
      lastModifiedT: row.last_modified_t === null ? null : Number(row.last_modified_t),
      ...(row.awaits_off_reading && { awaitsOffReading: true as const }),
    });
  return known;
}

/** Records what a batch appended; moves the checkpoint forward to `position` when given. */
export async function rememberKnown(
  db: Db,
  known: ReadonlyMap<string, KnownProduct>,
  position: Position | null,
): Promise<void> {
  const entries = [...known];
  await db.transaction().execute(async (trx) => {
    if (entries.length > 0)
      await sql`
        insert into off_import_index (barcode, product_id, last_modified_t, awaits_off_reading)
        select * from unnest(${entries.map(([b]) => b)}::text[], ${entries.map(([, k]) => k.productId)}::bigint[],
                             ${entries.map(([, k]) => k.lastModifiedT)}::bigint[],
                             ${entries.map(([, k]) => k.awaitsOffReading === true)}::boolean[])
        on conflict (barcode) do update
          set product_id = excluded.product_id, last_modified_t = excluded.last_modified_t,
              awaits_off_reading = excluded.awaits_off_reading`.execute(trx);
    if (position) await advanceCheckpoint(trx, position);
  });
}

async function advanceCheckpoint(db: Db, position: Position): Promise<void> {
  await sql`
    insert into off_import_checkpoint (commit_position, prepare_position)
    values (${position.commit.toString()}::numeric, ${position.prepare.toString()}::numeric)
    on conflict (id) do update set commit_position = excluded.commit_position, prepare_position = excluded.prepare_position
    where (off_import_checkpoint.commit_position, off_import_checkpoint.prepare_position)
        < (excluded.commit_position, excluded.prepare_position)`.execute(db);
}

async function checkpoint(db: Db): Promise<Position> {
  const { rows } = await sql<{ commit_position: string; prepare_position: string }>`
    select commit_position::text, prepare_position::text from off_import_checkpoint`.execute(db);
  const row = rows[0];
  return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;
}

/** Folds the events after the checkpoint into the index; returns how many were read. */
export async function catchUpImportIndex(db: Db, store: EventStore): Promise<number> {
  let after = await checkpoint(db);
  let read = 0;
  for (;;) {
    const events = await store.readAll(after, CATCH_UP_PAGE);
    if (events.length === 0) return read;
    read += events.length;
    const touched = events.flatMap((event) => {
      if (event.type === 'BarcodeClaimed') return [canonicalBarcode(event.data.barcode)];
      if (event.type === 'ProductImported' || event.type === 'ProductUpdatedFromSource')
        return [canonicalBarcode(event.data.code)];
      return [];
    });
    const stored = await lookupKnown(db, [...new Set(touched)]);
    const known = new Map<string, KnownProduct>();
    for (const event of events) foldKnownProduct(known, event, (barcode) => stored.get(barcode));
    const last = events[events.length - 1]!.position;
    if (comparePositions(last, after) <= 0) throw new Error('import index catch-up did not advance');
    await rememberKnown(db, known, last);
    after = last;
  }
}

/**
 * How many products imported before the importer kept Open Food Facts' reading of lists not in
 * English are still Unrated for their language: `npm run reassess` cannot rate them (their events
 * hold no reading), importing the same export again does (see `decide`). Catches the index up first.
 */
export async function countAwaitingOffReading(db: Db, store: EventStore): Promise<number> {
  await catchUpImportIndex(db, store);
  return countUnratedForLanguage(
    db,
    sql<number>`(select product_id from off_import_index where awaits_off_reading)`,
  );
}
