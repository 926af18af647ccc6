import type { Kysely } from 'kysely';
import { comparePositions, type EventStore, type Position } from '@labelwise/event-store';
import { projections } from '@labelwise/projections';
import type { Database } from '@labelwise/projections';
import type { Child } from '../core/child-process';
import { shareOfLog, slowestCheckpoint, startIfNoCheckpoints } from './catch-up';

/** Waits until a worker process has every projection at `head` (default: the store's head now). */
export async function waitCaughtUp(options: {
  db: Kysely<Database>;
  store: EventStore;
  worker: Child;
  progress: (message: string) => void;
  timeoutMs: number;
  head?: Position;
}): Promise<void> {
  const { db, store, worker, progress } = options;
  const names = projections.map((p) => p.name);
  const head = options.head ?? (await store.headPosition());
  const deadline = Date.now() + options.timeoutMs;
  let exited = false;
  void worker.exited.then(() => (exited = true));
  let lastReport = Date.now();
  for (;;) {
    // Before the worker has created its checkpoints, count from the start.
    const slowest = await slowestCheckpoint(db, names).catch(startIfNoCheckpoints);
    if (comparePositions(slowest, head) >= 0) return;
    if (exited) throw new Error('the projection worker process exited');
    if (Date.now() > deadline)
      throw new Error(`projections not caught up after ${options.timeoutMs / 1000} s`);
    if (Date.now() - lastReport > 5000) {
      lastReport = Date.now();
      progress(
        `waiting for the projections to catch up (the slowest about ${shareOfLog(slowest, head)} % through)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
