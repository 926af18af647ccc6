import type { DomainEvent, EventMetadata } from '@labelwise/domain';

/**
 * A position in the global order of all events. For PostgreSQL, `commit` is the writing
 * transaction's id (xid8) and `prepare` the global sequence value; for EventStoreDB they
 * are the `$all` commit/prepare positions. Positions compare by (commit, prepare).
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export const START: Position = { commit: 0n, prepare: 0n };

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | bigint;

export type NewEvent = DomainEvent & {
  /** A UUID; retrying an append with the same id is a no-op returning the first result. */
  id?: string;
  metadata: EventMetadata;
};

/** Where and when an event was recorded. */
export interface EventEnvelope {
  id: string;
  stream: string;
  /** 0-based revision of the event within its stream. */
  revision: bigint;
  position: Position;
  metadata: EventMetadata;
  recordedAt: Date;
}

/** A stored event; a discriminated union on `type`, so `switch (event.type)` narrows `data`. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? EventEnvelope & E
  : never;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: bigint;
  /** Global position of the last appended event. */
  position: Position;
}

export class WrongExpectedVersion extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Wrong expected version on ${stream}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedVersion';
  }
}

/**
 * An append for a subject whose erasure has begun (see `EventStore.beginErasure`): made on their
 * behalf, or sealing their personal data. Nothing was appended.
 */
export class SubjectErased extends Error {
  constructor(readonly subjects: readonly string[]) {
    super(`Refusing an append for erased subjects (${subjects.join(', ')})`);
    this.name = 'SubjectErased';
  }
}

export interface AppendOptions {
  expectedRevision: ExpectedRevision;
  /**
   * The subjects (`user-{uid}`) the append is made for, besides those whose data it seals: once the
   * erasure of any of them has begun, the append is refused with SubjectErased.
   */
  onBehalfOf?: readonly string[];
}

/** One stream's part of a bulk append. */
export interface StreamAppend {
  stream: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

/** Every entry has events and its own stream: a stream's revisions are decided once per batch. */
export function assertValidBatch(batch: readonly StreamAppend[]): void {
  const seen = new Set<string>();
  for (const { stream, events } of batch) {
    if (events.length === 0) throw new Error(`append to ${stream}: no events`);
    if (seen.has(stream)) throw new Error(`appendMany: ${stream} appears twice in one batch`);
    seen.add(stream);
  }
}

export interface ReadStreamOptions {
  from?: bigint;
  direction?: 'forwards' | 'backwards';
  maxCount?: number;
}

export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface EventStore {
  append(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Appends to many streams in one call (bulk imports), each entry checked against its own
   * expected revision and deduplicated by its event ids as `append` does; results in batch order.
   * A stream may appear once per batch. PostgreSQL: one transaction, all or nothing (a conflict on
   * any entry rejects the whole batch with `WrongExpectedVersion`). EventStoreDB has no
   * multi-stream transaction: entries are appended in order, one stream at a time, so a conflict
   * or crash can leave the entries before it appended; re-appending the same batch with the same
   * event ids skips those and carries on.
   */
  appendMany(batch: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** Events of one stream; an absent stream reads as []. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events after `after` in global order that are safe to checkpoint (no earlier one can still appear). */
  readAll(after: Position, maxCount: number): Promise<RecordedEvent[]>;
  /** A live feed of all events after `after`, in global order. */
  subscribe(after: Position): Subscription;
  /**
   * The position of the newest committed event (START when empty), including one an earlier append
   * still in flight keeps `readAll` from returning yet: waiting for a read model to pass it waits for
   * everything written so far.
   */
  headPosition(): Promise<Position>;
  /**
   * Resolves `true` as soon as an event after `after` is readable with `readAll`, or `false`
   * after `timeoutMs` (or when `signal` aborts). Lets polling loops sleep without missing a wake-up.
   */
  waitForEvents(after: Position, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /**
   * How many committed events follow `after`, counting at most `cap` (status and lag reports),
   * including any an earlier append still in flight keeps `readAll` from returning yet.
   */
  countEventsAfter(after: Position, cap: number): Promise<number>;
  /**
   * Begins the erasure of these subjects: from then on every append made on their behalf or sealing
   * their data is refused (SubjectErased), and no key is made for them. Resolves once the appends
   * that passed that check before have landed, so `headPosition` then covers every one of them.
   * Their data stays readable until `forget`. Idempotent.
   */
  beginErasure(subjects: readonly string[]): Promise<void>;
  /**
   * Forgets people (see `Erasure`): from then on their sealed personal fields read as forgotten, in
   * every copy of the log. Begins their erasure too if that was not done. Idempotent, so an erasure
   * interrupted by a crash is finished by a retry.
   */
  forget(erasure: Erasure): Promise<void>;
  close(): Promise<void>;
}

/** What an erasure forgets. */
export interface Erasure {
  /** Subjects whose keys are destroyed (`user-{uid}`, `review-{id}`: see the domain's `personalData`). */
  subjects: readonly string[];
  /** Streams whose very names are personal (a username claim), deleted whole. */
  deleteStreams: readonly string[];
}
