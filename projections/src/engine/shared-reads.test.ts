import { describe, expect, it } from 'vitest';
import type { EventStore, Position, RecordedEvent } from '@labelwise/event-store';
import { shareReads } from './shared-reads';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });

/** A store whose reads return `batches` in turn and count the calls. */
function countingStore(batches: RecordedEvent[][]) {
  const calls = { readAll: 0, waitForEvents: 0 };
  let release: (available: boolean) => void = () => {};
  const store = {
    readAll: async () => {
      calls.readAll++;
      return batches.shift() ?? [];
    },
    waitForEvents: () => {
      calls.waitForEvents++;
      return new Promise<boolean>((resolve) => (release = resolve));
    },
  } as unknown as EventStore;
  return { store, calls, wake: (available: boolean) => release(available) };
}

const event = { id: 'e1', position: at(1) } as RecordedEvent;

describe('shareReads', () => {
  it('reads a batch once for every projection at the same position at the same time', async () => {
    const { store, calls } = countingStore([[event]]);
    const { readBatch } = shareReads(store);
    const [a, b] = await Promise.all([readBatch(at(0), 100), readBatch(at(0), 100)]);
    expect(a).toBe(b);
    expect(calls.readAll).toBe(1);
  });

  it('reads again after a short batch (the head then), so later callers get what came since', async () => {
    const later = { id: 'e2', position: at(2) } as RecordedEvent;
    const { store, calls } = countingStore([[], [event], [event, later]]);
    const { readBatch } = shareReads(store);
    expect(await readBatch(at(0), 100)).toEqual([]);
    expect(await readBatch(at(0), 100)).toEqual([event]);
    expect(await readBatch(at(0), 100)).toEqual([event, later]);
    expect(calls.readAll).toBe(3);
  });

  it('keeps a full batch for projections that trail behind', async () => {
    const { store, calls } = countingStore([[event]]);
    const { readBatch } = shareReads(store);
    const first = await readBatch(at(0), 1);
    expect(await readBatch(at(0), 1)).toBe(first);
    expect(calls.readAll).toBe(1);
  });

  it('shares one wait per position, and an aborted caller stops waiting alone', async () => {
    const { store, calls, wake } = countingStore([]);
    const { waitForEvents } = shareReads(store);
    const stop = new AbortController();
    const first = waitForEvents(at(5), 1000, stop.signal);
    const second = waitForEvents(at(5), 1000);
    stop.abort();
    expect(await first).toBe(false);
    wake(true);
    expect(await second).toBe(true);
    expect(calls.waitForEvents).toBe(1);
  });
});
