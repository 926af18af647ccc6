import type { EventStore, Position, RecordedEvent } from '@labelwise/event-store';

/** `EventStore.readAll`'s shape. */
export type BatchReader = (after: Position, maxCount: number) => Promise<RecordedEvent[]>;
/** `EventStore.waitForEvents`'s shape. */
export type EventWaiter = (after: Position, timeoutMs: number, signal?: AbortSignal) => Promise<boolean>;

export interface SharedReads {
  readBatch: BatchReader;
  waitForEvents: EventWaiter;
}

const BATCHES_KEPT = 24;

const keyOf = (position: Position) => `${position.commit}:${position.prepare}`;

/**
 * Lets the projections of one worker process share their reads and their waits: they mostly
 * sit at the same positions, so each batch is fetched and decoded once, and one wake-up query
 * serves all of them, instead of one per projection.
 *
 * The last full batches read are kept for projections that trail behind. A short one (the head
 * at the time) is shared only while it is being read: a projection that comes later reads
 * again and gets everything since in one batch, instead of trailing behind in the small steps
 * of faster projections. Handlers receive the same event objects and must not mutate them.
 */
export function shareReads(store: EventStore): SharedReads {
  const recent = new Map<string, Promise<RecordedEvent[]>>();
  const waits = new Map<string, Promise<boolean>>();

  const readBatch: BatchReader = (after, maxCount) => {
    const key = `${keyOf(after)}:${maxCount}`;
    const cached = recent.get(key);
    if (cached) return cached;
    const read = store.readAll(after, maxCount);
    recent.set(key, read);
    if (recent.size > BATCHES_KEPT) recent.delete(recent.keys().next().value!);
    const forget = () => recent.get(key) === read && recent.delete(key);
    read.then((batch) => batch.length < maxCount && forget(), forget);
    return read;
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

  return { readBatch, waitForEvents };
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
