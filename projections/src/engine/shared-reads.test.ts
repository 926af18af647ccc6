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
    const reads = shareReads(store);
    const [a, b] = await Promise.all([
      reads.join().readBatch(at(0), 100),
      reads.join().readBatch(at(0), 100),
    ]);
    expect(a).toBe(b);
    expect(calls.readAll).toBe(1);
  });

  it('reads again after a short batch (the head then), so later callers get what came since', async () => {
    const later = { id: 'e2', position: at(2) } as RecordedEvent;
    const { store, calls } = countingStore([[], [event], [event, later]]);
    const { readBatch } = shareReads(store).join();
    expect(await readBatch(at(0), 100)).toEqual([]);
    expect(await readBatch(at(0), 100)).toEqual([event]);
    expect(await readBatch(at(0), 100)).toEqual([event, later]);
    expect(calls.readAll).toBe(3);
  });

  it('keeps a full batch for projections that trail behind', async () => {
    const { store, calls } = countingStore([[event]]);
    const reads = shareReads(store);
    const first = await reads.join().readBatch(at(0), 1);
    expect(await reads.join().readBatch(at(0), 1)).toBe(first);
    expect(calls.readAll).toBe(1);
  });

  it('lets a projection read at most 24 batches ahead of one that still needs them', async () => {
    const batches = Array.from({ length: 40 }, (_, n) => [
      { id: `e${n}`, position: at(n + 1) } as RecordedEvent,
    ]);
    const { store, calls } = countingStore(batches.map((batch) => [...batch]));
    const reads = shareReads(store);
    const fast = reads.join();
    const slow = reads.join();
    await slow.readBatch(at(0), 1);
    let fastAt = 0;
    const racing = (async () => {
      for (; fastAt < 30; fastAt++) await fast.readBatch(at(fastAt), 1);
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The slow one still needs the batch after 0: the fast one stops once 24 are kept.
    expect(fastAt).toBe(24);
    for (let n = 0; n < 30; n++) expect((await slow.readBatch(at(n), 1))[0]!.id).toBe(`e${n}`);
    await racing;
    expect(calls.readAll).toBe(30);
  });

  it('reads on without waiting for one that left', async () => {
    const batches = Array.from({ length: 40 }, (_, n) => [
      { id: `e${n}`, position: at(n + 1) } as RecordedEvent,
    ]);
    const { store } = countingStore(batches);
    const reads = shareReads(store);
    const fast = reads.join();
    const gone = reads.join();
    await gone.readBatch(at(0), 1);
    gone.leave();
    for (let n = 0; n < 30; n++) await fast.readBatch(at(n), 1);
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
