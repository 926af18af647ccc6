import type { Kysely } from 'kysely';
import type { Position } from '@labelwise/event-store';
import { AppendNotifier } from '@labelwise/event-store/postgres/append-notifier';
import type { Database } from '../schema/database';
import { CHECKPOINTS_CHANNEL } from '../schema/ensure-infra-tables';
import { readCheckpoints, type Checkpoint } from './checkpoints';
import { judgeCheckpoints, type WaitResult } from './wait-for-projections';

/** Even while listening, look now and then: a notification can be lost with its connection. */
const SAFETY_LOOK_MS = 250;
/** How often to look while the LISTEN connection is down. */
const UNLISTENED_LOOK_MS = 10;

interface Waiter {
  names: readonly string[];
  position: Position;
  deadline: number;
  resolve: (result: WaitResult) => void;
}

/**
 * Read-your-writes for a whole process: every waiting command shares one LISTEN connection and
 * one checkpoint read per wake. The worker's checkpoint updates notify (a trigger on
 * projection_checkpoints), so a wait ends within a round trip of the projection passing the
 * position, costing the live lag and no polling interval. A new waiter makes the next read
 * happen at once (its projection may have passed already); waiters that arrive during a read
 * share the next one, so at most one read is in flight whatever the load.
 */
export function createCheckpointWatch(db: Kysely<Database>, databaseUrl: string) {
  const notifier = new AppendNotifier({ connectionString: databaseUrl }, CHECKPOINTS_CHANNEL);
  const waiters = new Set<Waiter>();
  let looping = false;
  let arrived = false;
  let interrupt: AbortController | undefined;

  const settle = (checkpoints: Checkpoint[] | undefined, now: number) => {
    for (const waiter of waiters) {
      const { lagging, settled } = checkpoints
        ? judgeCheckpoints(checkpoints, waiter.names, waiter.position)
        : { lagging: [...waiter.names], settled: false };
      if (settled || now >= waiter.deadline) {
        waiters.delete(waiter);
        waiter.resolve({ caughtUp: lagging.length === 0, lagging });
      }
    }
  };

  const loop = async () => {
    looping = true;
    try {
      await notifier.listen().catch(() => {});
      while (waiters.size > 0) {
        // The LISTEN connection may have dropped under a busy loop that never ends: reconnect.
        if (!notifier.listening) void notifier.listen().catch(() => {});
        const wake = notifier.next();
        arrived = false;
        const names = [...new Set([...waiters].flatMap((waiter) => waiter.names))];
        const checkpoints = await readCheckpoints(db, names).catch(() => undefined);
        const now = Date.now();
        settle(checkpoints, now);
        if (waiters.size === 0 || arrived) {
          wake.cancel();
          continue;
        }
        const nearest = Math.min(...[...waiters].map((waiter) => waiter.deadline)) - now;
        interrupt = new AbortController();
        await wake.wait(
          Math.max(0, Math.min(nearest, notifier.listening ? SAFETY_LOOK_MS : UNLISTENED_LOOK_MS)),
          interrupt.signal,
        );
        interrupt = undefined;
      }
    } finally {
      looping = false;
    }
  };

  return {
    /** Resolves once `names` have passed `position`, at once for a parked one, or after `timeoutMs`. */
    wait(names: readonly string[], position: Position, timeoutMs = 2000): Promise<WaitResult> {
      return new Promise((resolve) => {
        waiters.add({ names, position, deadline: Date.now() + timeoutMs, resolve });
        arrived = true;
        interrupt?.abort();
        if (!looping) void loop();
      });
    },
    async close() {
      await notifier.close();
      settle(undefined, Infinity);
    },
  };
}

export type CheckpointWatch = ReturnType<typeof createCheckpointWatch>;
