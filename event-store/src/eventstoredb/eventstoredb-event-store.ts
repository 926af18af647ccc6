import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as FROM_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import type pg from 'pg';
import { EventCodec, type StoredEvent } from '../event-codec';
import { inTransaction } from '../postgres/transaction';
import { ensureSubjectKeyTables, PostgresSubjectKeys, type SubjectKeys } from '../personal-data/subject-keys';
import {
  START,
  WrongExpectedVersion,
  assertValidBatch,
  comparePositions,
  type AppendOptions,
  type AppendResult,
  type Erasure,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type Subscription,
} from '../port';

const PAGE = 1000;

function expected(revision: ExpectedRevision): AppendExpectedRevision {
  if (revision === 'no_stream') return NO_STREAM;
  if (revision === 'any') return ANY;
  if (revision === 'stream_exists') return STREAM_EXISTS;
  return revision;
}

function isSystem(event: { type: string; streamId: string }) {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toStored(event: EsdbRecordedEvent): StoredEvent {
  if (!event.position)
    throw new Error(`EventStoreDB returned ${event.streamId}@${event.revision} without a position`);
  return {
    id: event.id,
    stream: event.streamId,
    revision: event.revision,
    position: { commit: event.position.commit, prepare: event.position.prepare },
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.created,
  };
}

/**
 * The port over EventStoreDB / KurrentDB. Positions are `$all` commit/prepare positions;
 * system events (`$`-prefixed types and streams) are never returned.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly codec: EventCodec;

  /** `keys` live in PostgreSQL, outside the log: destroying one forgets what it sealed in EventStoreDB too. */
  constructor(
    private readonly client: EventStoreDBClient,
    private readonly keys: SubjectKeys,
    private readonly keysPool: pg.Pool,
  ) {
    this.codec = new EventCodec(keys);
  }

  /**
   * The key store's transaction holds the append's subjects open (see `SubjectKeys.whileOpen`)
   * until EventStoreDB has the events, so an erasure begun meanwhile waits for them.
   */
  async append(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`append to ${stream}: no events`);
    const encoded = await this.codec.encode(events, options.onBehalfOf);
    const data = encoded.events.map((event) =>
      jsonEvent({ id: event.id, type: event.type, data: event.data as JSONType, metadata: event.metadata }),
    );
    try {
      const result = await this.keys.whileOpen(encoded.subjects, () =>
        this.client.appendToStream(stream, data, { expectedRevision: expected(options.expectedRevision) }),
      );
      // An idempotent re-append may come back without a position: read the original's.
      const position = result.position ?? (await this.positionOf(stream, result.nextExpectedRevision));
      return { nextRevision: result.nextExpectedRevision, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : (error.actualVersion as bigint);
        throw new WrongExpectedVersion(stream, options.expectedRevision, actual);
      }
      throw error;
    }
  }

  /**
   * EventStoreDB commits one stream per append, so a batch is appended entry by entry, in order.
   * Not atomic: a conflict (or crash) leaves the entries before it appended. Each entry is
   * idempotent by its event ids, so re-appending the whole batch skips what is in and finishes.
   */
  async appendMany(batch: readonly StreamAppend[]): Promise<AppendResult[]> {
    assertValidBatch(batch);
    const results: AppendResult[] = [];
    for (const { stream, events, expectedRevision } of batch)
      results.push(await this.append(stream, events, { expectedRevision }));
    return results;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const events: StoredEvent[] = [];
    try {
      const read = this.client.readStream(stream, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.from ?? (backwards ? END : FROM_START),
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      for await (const resolved of read) if (resolved.event) events.push(toStored(resolved.event));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return this.codec.decode(events);
  }

  async readAll(after: Position, maxCount: number): Promise<RecordedEvent[]> {
    const events: StoredEvent[] = [];
    await this.scan(after, (event) => {
      events.push(toStored(event));
      return events.length < maxCount;
    });
    return this.codec.decode(events);
  }

  subscribe(after: Position): Subscription {
    const subscription = this.client.subscribeToAll({
      fromPosition: after === START ? FROM_START : after,
      filter: excludeSystemEvents(),
    });
    const codec = this.codec;
    const read = async function* () {
      for await (const resolved of subscription) {
        const event = resolved.event;
        if (!event || isSystem(event) || comparePositions(event.position, after) <= 0) continue;
        yield* await codec.decode([toStored(event)]);
      }
    };
    const iterator = read();
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        await subscription.unsubscribe();
        await iterator.return(undefined);
      },
    };
  }

  async headPosition(): Promise<Position> {
    let from: Position | typeof END = END;
    for (;;) {
      let last: Position | undefined;
      for await (const resolved of this.client.readAll({
        direction: BACKWARDS,
        fromPosition: from,
        maxCount: PAGE,
      })) {
        const event = resolved.event;
        if (!event) continue;
        if (!isSystem(event)) return event.position;
        last = event.position;
      }
      if (!last || last === from) return START;
      from = last;
    }
  }

  async waitForEvents(after: Position, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    const subscription = this.subscribe(after);
    const iterator = subscription[Symbol.asyncIterator]();
    let timer: NodeJS.Timeout | undefined;
    const stop = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      signal?.addEventListener('abort', () => resolve(false), { once: true });
    });
    try {
      return await Promise.race([iterator.next().then((result) => !result.done), stop]);
    } finally {
      clearTimeout(timer);
      await subscription.close();
    }
  }

  async countEventsAfter(after: Position, cap: number): Promise<number> {
    let count = 0;
    await this.scan(after, () => ++count < cap);
    return count;
  }

  /**
   * Destroys the keys (in PostgreSQL) and soft-deletes the streams whose names are personal. Events
   * EventStoreDB holds in clear text from before sealing cannot be rewritten (its chunks are
   * immutable): a scavenge after deleting their streams is the operator's (see the docs).
   */
  async beginErasure(subjects: readonly string[]): Promise<void> {
    await this.keys.markErased(subjects);
  }

  async forget(erasure: Erasure): Promise<void> {
    await inTransaction(this.keysPool, (client) => this.keys.destroy(client, erasure.subjects));
    for (const stream of erasure.deleteStreams) {
      try {
        await this.client.deleteStream(stream);
      } catch (error) {
        if (!(error instanceof StreamNotFoundError)) throw error;
      }
    }
  }

  async close(): Promise<void> {
    await this.client.dispose();
    await this.keysPool.end();
  }

  /** Visits non-system events after `after` in `$all` order until `visit` returns false or the end. */
  private async scan(after: Position, visit: (event: AllStreamRecordedEvent) => boolean): Promise<void> {
    let from = after;
    for (;;) {
      let seen = 0;
      for await (const resolved of this.client.readAll({
        fromPosition: from === START ? FROM_START : from,
        direction: FORWARDS,
        maxCount: PAGE,
      })) {
        const event = resolved.event;
        if (!event) continue;
        seen++;
        if (comparePositions(event.position, from) <= 0) continue;
        from = event.position;
        if (!isSystem(event) && !visit(event)) return;
      }
      if (seen < PAGE) return;
    }
  }

  private async positionOf(stream: string, revision: bigint): Promise<Position> {
    const [event] = await this.readStream(stream, { direction: 'backwards', from: revision, maxCount: 1 });
    if (!event) throw new Error(`EventStoreDB: ${stream}@${revision} not found after append`);
    return event.position;
  }
}

/** The EventStoreDB adapter; `keysPool`, which it owns from then on, reaches the database that keeps the personal-data keys. */
export async function createEventStoreDbEventStore(
  connectionString: string,
  keysPool: pg.Pool,
): Promise<EventStore> {
  await ensureSubjectKeyTables(keysPool);
  return new EventStoreDbEventStore(
    EventStoreDBClient.connectionString`${connectionString}`,
    new PostgresSubjectKeys(keysPool),
    keysPool,
  );
}
