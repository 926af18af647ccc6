import type pg from 'pg';
import { EventCodec, type StoredEvent } from '../event-codec';
import { ensureSubjectKeyTables, PostgresSubjectKeys } from '../personal-data/subject-keys';
import { forgetInPostgres } from './forget';
import {
  START,
  SubjectErased,
  WrongExpectedVersion,
  assertValidBatch,
  type AppendOptions,
  type AppendResult,
  type Erasure,
  type EventStore,
  type NewEvent,
  type Position,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type Subscription,
} from '../port';
import { createPool } from '@labelwise/runtime';
import { AppendNotifier } from './append-notifier';
import { readerStatements, streamReadStatements } from './reader-statements';
import { EVENTS_CHANNEL, ensureEventStoreSchema } from './schema';

/** Longest sleep between looks when LISTEN is unavailable. */
const POLL_MS = 500;
/** Even while listening, look now and then: a writer may die between its commit and its NOTIFY. */
const SAFETY_POLL_MS = 2000;
/** Committed events are hidden behind an older transaction still in flight: look again soon. */
const HIDDEN_RETRY_MS = 5;
const SUBSCRIPTION_BATCH = 1000;

interface EventRow {
  global_position: string;
  commit_position: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date;
  /** Stream reads only: the keys of the row's sealed parts still held, base64 by key id (see streamReadStatements). */
  keys?: Record<string, string> | null;
}

function toStored(row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    stream: row.stream_id,
    revision: BigInt(row.stream_revision),
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.global_position) },
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    ...(row.keys && {
      keys: new Map(Object.entries(row.keys).map(([id, key]) => [id, Buffer.from(key, 'base64')])),
    }),
  };
}

function positionParams(p: Position): [string, string] {
  return [p.commit.toString(), p.prepare.toString()];
}

export class PostgresEventStore implements EventStore {
  private readonly notifier: AppendNotifier;
  private announcing = false;
  private announceAgain = false;
  private readonly keys: PostgresSubjectKeys;
  private readonly codec: EventCodec;

  constructor(
    private readonly pool: pg.Pool,
    private readonly ownsPool: boolean,
  ) {
    this.notifier = new AppendNotifier(pool.options, EVENTS_CHANNEL);
    this.keys = new PostgresSubjectKeys(pool);
    this.codec = new EventCodec(this.keys);
  }

  async append(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`append to ${stream}: no events`);
    const encoded = await this.codec.encode(events, options.onBehalfOf);
    const { rows } = await this.pool.query<{
      status: 'ok' | 'duplicate' | 'conflict' | 'erased';
      revision: string | null;
      commit_position: string | null;
      prepare_position: string | null;
    }>({
      name: 'labelwise_append_events',
      text: 'select status, revision, commit_position::text, prepare_position from append_events($1, $2, $3, $4, $5)',
      values: [
        stream,
        options.expectedRevision.toString(),
        JSON.stringify(encoded.events),
        events.some((event) => event.id !== undefined),
        encoded.subjects,
      ],
    });
    const row = rows[0]!;
    if (row.status === 'erased') throw new SubjectErased(encoded.subjects);
    if (row.status === 'ok') this.announceAppend();
    if (row.status === 'conflict') {
      throw new WrongExpectedVersion(
        stream,
        options.expectedRevision,
        row.revision === null ? 'no_stream' : BigInt(row.revision),
      );
    }
    return {
      nextRevision: BigInt(row.revision!),
      position: { commit: BigInt(row.commit_position!), prepare: BigInt(row.prepare_position!) },
    };
  }

  async appendMany(batch: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (batch.length === 0) return [];
    assertValidBatch(batch);
    const encoded = await this.codec.encode(batch.flatMap((entry) => entry.events));
    let next = 0;
    const events = batch.flatMap((entry, index) =>
      entry.events.map(() => ({ e: index + 1, ...encoded.events[next++]! })),
    );
    const { rows } = await this.pool.query<{
      entry: number;
      status: 'ok' | 'duplicate' | 'conflict' | 'erased';
      revision: string | null;
      commit_position: string | null;
      prepare_position: string | null;
    }>({
      name: 'labelwise_append_many',
      text: 'select entry, status, revision, commit_position::text, prepare_position from append_many($1, $2, $3, $4, $5)',
      values: [
        batch.map((entry) => entry.stream),
        batch.map((entry) => entry.expectedRevision.toString()),
        JSON.stringify(events),
        batch.some((entry) => entry.events.some((event) => event.id !== undefined)),
        encoded.subjects,
      ],
    });
    if (rows.some((row) => row.status === 'erased')) throw new SubjectErased(encoded.subjects);
    const conflict = rows.find((row) => row.status === 'conflict');
    if (conflict) {
      const entry = batch[conflict.entry - 1]!;
      throw new WrongExpectedVersion(
        entry.stream,
        entry.expectedRevision,
        conflict.revision === null ? 'no_stream' : BigInt(conflict.revision),
      );
    }
    if (rows.some((row) => row.status === 'ok')) this.announceAppend();
    const results: AppendResult[] = new Array(batch.length);
    for (const row of rows) {
      results[row.entry - 1] = {
        nextRevision: BigInt(row.revision!),
        position: { commit: BigInt(row.commit_position!), prepare: BigInt(row.prepare_position!) },
      };
    }
    return results;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.from ?? (backwards ? null : 0n);
    const { rows } = await this.pool.query<EventRow>({
      ...(backwards ? streamReadStatements.backwards : streamReadStatements.forwards),
      values: [stream, from?.toString() ?? null, options.maxCount ?? null],
    });
    return this.codec.decode(rows.map(toStored));
  }

  async readAll(after: Position, maxCount: number): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      ...readerStatements.readAll,
      values: [...positionParams(after), maxCount],
    });
    return this.codec.decode(rows.map(toStored));
  }

  subscribe(after: Position): Subscription {
    const stop = new AbortController();
    const read = async function* (this: PostgresEventStore) {
      let position = after;
      while (!stop.signal.aborted) {
        const batch = await this.readAll(position, SUBSCRIPTION_BATCH);
        for (const event of batch) {
          if (stop.signal.aborted) return;
          position = event.position;
          yield event;
        }
        if (batch.length < SUBSCRIPTION_BATCH) await this.waitForEvents(position, 60_000, stop.signal);
      }
    }.call(this);
    return {
      [Symbol.asyncIterator]: () => read,
      close: async () => {
        stop.abort();
        await read.return(undefined);
      },
    };
  }

  async headPosition(): Promise<Position> {
    const { rows } = await this.pool.query<{ commit_position: string; global_position: string }>({
      ...readerStatements.headPosition,
    });
    const row = rows[0];
    return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.global_position) } : START;
  }

  async waitForEvents(after: Position, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    await this.notifier.listen().catch(() => {});
    for (;;) {
      const wake = this.notifier.next();
      const { available, hidden } = await this.probe(after);
      const remaining = deadline - Date.now();
      if (available || remaining <= 0 || signal?.aborted) {
        wake.cancel();
        return available;
      }
      const sleep = hidden ? HIDDEN_RETRY_MS : this.notifier.listening ? SAFETY_POLL_MS : POLL_MS;
      await wake.wait(Math.min(remaining, sleep), signal);
    }
  }

  async countEventsAfter(after: Position, cap: number): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>({
      ...readerStatements.countAfter,
      values: [...positionParams(after), cap],
    });
    return rows[0]!.count;
  }

  async beginErasure(subjects: readonly string[]): Promise<void> {
    await this.keys.markErased(subjects);
  }

  async forget(erasure: Erasure): Promise<void> {
    await forgetInPostgres(this.pool, this.keys, erasure);
  }

  async close(): Promise<void> {
    await this.notifier.close();
    if (this.ownsPool) await this.pool.end();
  }

  /**
   * Wakes every listener after a commit. Not sent inside the append transaction: PostgreSQL
   * serializes the commits of notifying transactions on one global lock (held across the WAL
   * flush), which would rule out group commit under concurrent writers. Coalesced, so a burst
   * of appends costs one notification in flight plus at most one queued.
   */
  private announceAppend() {
    if (this.announcing) {
      this.announceAgain = true;
      return;
    }
    this.announcing = true;
    this.pool
      .query({ name: 'labelwise_notify', text: `select pg_notify('${EVENTS_CHANNEL}', '')` })
      .catch(() => {}) // listeners fall back to polling
      .finally(() => {
        this.announcing = false;
        if (this.announceAgain) {
          this.announceAgain = false;
          this.announceAppend();
        }
      });
  }

  /** Whether an event after `after` is readable, and whether settled events wait behind an open transaction. */
  private async probe(after: Position): Promise<{ available: boolean; hidden: boolean }> {
    const { rows } = await this.pool.query<{ available: boolean; hidden: boolean }>({
      ...readerStatements.probe,
      values: positionParams(after),
    });
    return rows[0]!;
  }
}

/** The embedded default event store. Pass a pool to share it; pass a URL to let the store own one. */
export async function createPostgresEventStore(
  poolOrUrl: pg.Pool | string,
  options: { max?: number } = {},
): Promise<EventStore> {
  const ownsPool = typeof poolOrUrl === 'string';
  const pool = ownsPool ? createPool(poolOrUrl, options.max) : poolOrUrl;
  try {
    await ensureEventStoreSchema(pool);
    await ensureSubjectKeyTables(pool);
  } catch (error) {
    if (ownsPool) await pool.end();
    throw error;
  }
  return new PostgresEventStore(pool, ownsPool);
}
