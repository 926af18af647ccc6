import { comparePositions, type EventStore, type Position, type RecordedEvent } from '@labelwise/event-store';

/** `EventStore.readAll`'s shape. */
export type BatchReader = (after: Position, maxCount: number) => Promise<RecordedEvent[]>;
/** `EventStore.waitForEvents`'s shape. */
export type EventWaiter = (after: Position, timeoutMs: number, signal?: AbortSignal) => Promise<boolean>;

/** One projection's reads: where it reads from tells the others which kept batches it still needs. */
export interface Reader {
  readBatch: BatchReader;
  /** The projection stopped following the log (parked, handed over, stopped). */
  leave(): void;
}

export interface SharedReads {
  /** A reader for one projection while it follows the log; `leave()` it when it stops. */
  join(): Reader;
  waitForEvents: EventWaiter;
}

const BATCHES_KEPT = 24;
/** The longest a reader waits for one trailing behind before it reads on anyway. */
const MAX_WAIT_FOR_TRAILING_MS = 5000;

const keyOf = (position: Position) => `${position.commit}:${position.prepare}`;

interface Kept {
  after: Position;
  read: Promise<RecordedEvent[]>;
}

/**
 * Lets the projections of one worker process share their reads and their waits: they mostly
 * sit at the same positions, so each batch is fetched and decoded once, and one wake-up query
 * serves all of them, instead of one per projection.
 *
 * The last full batches read are kept for projections that trail behind, and a projection that
 * has read 24 batches ahead of one that still needs the oldest of them waits for it (at most 5 s)
 * before reading more: catching up from zero, the fast projections would otherwise run so far
 * ahead that each slow one read every batch again for itself (a full read of the log each). A
 * short batch (the head at the time) is shared only while it is being read: a projection that
 * comes later reads again and gets everything since in one batch, instead of trailing behind in
 * the small steps of faster projections. Handlers receive the same event objects and must not
 * mutate them.
 */
export function shareReads(store: EventStore): SharedReads {
  const kept = new Map<string, Kept>();
  const waits = new Map<string, Promise<boolean>>();
  const readers = new Set<{ at: Position | undefined }>();
  let moved: Array<() => void> = [];

  const announceMove = () => {
    const waiting = moved;
    moved = [];
    for (const resume of waiting) resume();
  };
  const nextMove = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      moved.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  /** Whether a reader other than `self` has yet to read the batch that starts after `after`. */
  const stillNeeded = (after: Position, self: object) =>
    [...readers].some(
      (reader) => reader !== self && reader.at !== undefined && comparePositions(reader.at, after) <= 0,
    );

  const fetch = (after: Position, maxCount: number, key: string) => {
    const read = store.readAll(after, maxCount);
    kept.set(key, { after, read });
    if (kept.size > BATCHES_KEPT) kept.delete(kept.keys().next().value!);
    const forget = () => kept.get(key)?.read === read && kept.delete(key);
    read.then((batch) => batch.length < maxCount && forget(), forget);
    return read;
  };

  const join = (): Reader => {
    const self: { at: Position | undefined } = { at: undefined };
    readers.add(self);
    return {
      async readBatch(after, maxCount) {
        self.at = after;
        announceMove();
        const key = `${keyOf(after)}:${maxCount}`;
        const deadline = Date.now() + MAX_WAIT_FOR_TRAILING_MS;
        for (;;) {
          const cached = kept.get(key);
          if (cached) return cached.read;
          const oldest = kept.values().next().value;
          const remaining = deadline - Date.now();
          if (kept.size < BATCHES_KEPT || !oldest || remaining <= 0 || !stillNeeded(oldest.after, self))
            break;
          await nextMove(remaining);
        }
        return fetch(after, maxCount, key);
      },
      leave() {
        readers.delete(self);
        announceMove();
      },
    };
  };

  const waitForEvents: EventWaiter = (after, timeoutMs, signal) => {
    const key = keyOf(after);
    let wait = waits.get(key);
    if (!wait) {
      // Not tied to one caller's signal: the others may still want it. A failure reads as
      // "nothing yet", and the caller's next read reports the real problem.
      wait = store.waitForEvents(after, timeoutMs).catch(() => false);
      waits.set(key, wait);
      void wait.finally(() => waits.delete(key));
    }
    return untilAborted(wait, signal);
  };

  return { join, waitForEvents };
}

function untilAborted(wait: Promise<boolean>, signal: AbortSignal | undefined): Promise<boolean> {
  if (!signal) return wait;
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
    void wait.then((available) => {
      signal.removeEventListener('abort', onAbort);
      resolve(available);
    });
  });
}
