import type { Kysely } from 'kysely';
import type { EventOf, EventType } from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';
import type { Database } from '../schema/database';

/**
 * A read model: the tables it owns and a handler that folds events into them.
 *
 * Rules for authors:
 * - The engine calls `handle` with a batch of up to a few thousand events, inside the
 *   transaction that also moves the checkpoint. Catch-up and rebuilds must reach 30,000
 *   events/s, so work set-based: group the batch in memory and write with a few multi-row
 *   statements (`insertInto(...).values(rows).onConflict(...)`), not one query per event; for
 *   the high-volume ones send the rows as column arrays with `unnestRows` (about a quarter faster
 *   per 2,000-row batch than a VALUES list).
 *   A multi-row upsert must not touch the same key twice: fold events per key first.
 * - Use only the Kysely query builder on the `db` you are given (it is scoped with
 *   `withSchema`): a rebuild runs the same handler against shadow tables in `rebuild_<name>`.
 *   Never qualify table names with a schema.
 * - Deterministic: no clock, no randomness, no reads outside your own tables. Anything you
 *   need (times, ids) is in the event or its metadata.
 * - Throwing parks this projection at the failing event (others go on); fix and redeploy.
 */
export interface ProjectionDefinition<Name extends string = string, Type extends EventType = EventType> {
  /** e.g. 'product_cards'; also the checkpoint name. */
  name: Name;
  /** Bump when the tables or the handler change meaning: the worker rebuilds it automatically. */
  version: number;
  /**
   * Only these reach the handler (all events still advance the checkpoint), typed: a `switch` over
   * a batch's `event.type` can be exhaustive. A projection showing a stream's document reads every
   * event of the stream (the domain's `productEventTypes`, say).
   */
  eventTypes: readonly Type[];
  /** Idempotent DDL for this projection's tables inside `schema` ('public' or a shadow schema). */
  createTables(db: Kysely<any>, schema: string): Promise<void>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Table names it owns (moved together when a rebuild is swapped in). */
  tables: string[];
  /**
   * Applies a batch inside the engine's transaction. `db` is already scoped with `withSchema(schema)`.
   * May return its writes to rows that every batch shares (counters): the engine runs them in the
   * same transaction, last, once the batches before this one have committed (see `ownRows`).
   */
  handle(events: RecordedEvent<EventOf<Type>>[], db: Kysely<Database>): Promise<void | SharedWrites>;
  /**
   * Optional, for catch-up speed. The keys of the rows a batch writes that no other batch writes,
   * or null when it also reads or rewrites rows other batches wrote (or shares rows outside the
   * writes `handle` returns). Catching up, a batch is applied side by side with the one before it
   * when both have keys and none in common: its own rows go in while the earlier batch is still
   * being applied, and its checkpoint and shared writes wait for that batch's commit.
   */
  ownRows?(events: RecordedEvent<EventOf<Type>>[]): OwnRows | null;
}

/** The keys of the rows only one batch writes (see `ProjectionDefinition.ownRows`). */
export type OwnRows = ReadonlySet<number | string>;

/** A batch's writes to rows all batches share, run after the earlier batches have committed. */
export type SharedWrites = () => Promise<void>;

/**
 * `projection`, typed by the events it reads (its handler's `switch` can be exhaustive), as the
 * engine and the registry hold every projection.
 */
export function defineProjection<Name extends string, Type extends EventType>(
  projection: ProjectionDefinition<Name, Type>,
): ProjectionDefinition<Name> {
  // Sound: the engine hands `handle` and `ownRows` only events of `eventTypes` (see applyEvents).
  return projection as unknown as ProjectionDefinition<Name>;
}
