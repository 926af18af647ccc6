import { sql, type Transaction } from 'kysely';
import type { RecordedEvent } from '@labelwise/event-store';
import { isMissingSocket, isStalePreparedStatement } from '@labelwise/runtime';
import type { Database } from '../schema/database';
import type { ProjectionDefinition, SharedWrites } from './projection';

export const LIVE_SCHEMA = 'public';

export function shadowSchema(name: string): string {
  return `rebuild_${name}`;
}

const handledTypes = new WeakMap<ProjectionDefinition, Set<string>>();

export function handles(projection: ProjectionDefinition, event: RecordedEvent): boolean {
  let types = handledTypes.get(projection);
  if (!types) handledTypes.set(projection, (types = new Set(projection.eventTypes)));
  return types.has(event.type);
}

/**
 * Runs the handler on the events it subscribes to, against the tables in `schema`. The
 * search_path is set too, so even a stray raw `sql` table reference lands in the right schema.
 */
export async function applyEvents(
  trx: Transaction<Database>,
  projection: ProjectionDefinition,
  schema: string,
  events: RecordedEvent[],
): Promise<void> {
  const shared = await applyOwnRows(trx, projection, schema, events);
  await shared?.();
}

/** `applyEvents` up to the writes to shared rows, which it returns (see `ProjectionDefinition.handle`). */
export async function applyOwnRows(
  trx: Transaction<Database>,
  projection: ProjectionDefinition,
  schema: string,
  events: RecordedEvent[],
): Promise<SharedWrites | undefined> {
  const relevant = events.filter((event) => handles(projection, event));
  if (relevant.length === 0) return undefined;
  if (schema !== LIVE_SCHEMA) await sql`set local search_path to ${sql.id(schema)}, public`.execute(trx);
  return (await projection.handle(relevant, trx.withSchema(schema))) ?? undefined;
}

/** The keys of the rows only this batch writes (`ProjectionDefinition.ownRows`), or null. */
export function ownRowsOf(projection: ProjectionDefinition, events: RecordedEvent[]) {
  if (!projection.ownRows) return null;
  const relevant = events.filter((event) => handles(projection, event));
  return relevant.length === 0 ? null : projection.ownRows(relevant);
}

/**
 * A projection batch commits without waiting for its WAL flush. Safe: the read-table rows and
 * the checkpoint commit together, so a crash can only lose the last few batches as a whole, and
 * they are applied again from the older checkpoint. It takes the flush off the live lag.
 */
export async function commitWithoutFlushWait(trx: Transaction<Database>): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(trx);
}

/**
 * Errors worth retrying (connection loss, deadlock, serialization, shutdown, a prepared statement
 * that outlived a rebuild of its table), as opposed to handler bugs.
 */
export function isTransient(error: unknown): boolean {
  if (isMissingSocket(error) || isStalePreparedStatement(error)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^(08|40|53|57|58)/.test(code)) return true;
    if (['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
  }
  return (
    error instanceof Error &&
    /Connection terminated|Client has encountered a connection error/.test(error.message)
  );
}

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Re-applies a failed batch by halves (each under a savepoint) to find the first event the
 * handler rejects. Events before it stay applied in `trx`; returns undefined if no single event
 * fails on its own (the batch as a whole was the problem), in which case all of them are applied.
 */
export async function findPoisonEvent(
  trx: Transaction<Database>,
  projection: ProjectionDefinition,
  schema: string,
  events: RecordedEvent[],
): Promise<{ event: RecordedEvent; error: unknown; appliedBefore: RecordedEvent | undefined } | undefined> {
  let appliedBefore: RecordedEvent | undefined;
  const attempt = async (part: RecordedEvent[]): Promise<unknown> => {
    await sql`savepoint poison_probe`.execute(trx);
    try {
      await applyEvents(trx, projection, schema, part);
      await sql`release savepoint poison_probe`.execute(trx);
      appliedBefore = part.at(-1);
      return undefined;
    } catch (error) {
      if (isTransient(error)) throw error;
      await sql`rollback to savepoint poison_probe`.execute(trx);
      return error ?? new Error('handler threw a nullish value');
    }
  };
  const search = async (
    part: RecordedEvent[],
  ): Promise<{ event: RecordedEvent; error: unknown } | undefined> => {
    const error = await attempt(part);
    if (error === undefined) return undefined;
    if (part.length === 1) return { event: part[0]!, error };
    const middle = Math.ceil(part.length / 2);
    return (await search(part.slice(0, middle))) ?? (await search(part.slice(middle)));
  };
  const poison = await search(events);
  return poison && { ...poison, appliedBefore };
}
