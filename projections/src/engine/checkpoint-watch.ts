import type { Kysely } from 'kysely';
import type { Position } from '@labelwise/event-store';
import { AppendNotifier } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import { CHECKPOINTS_CHANNEL } from '../schema/ensure-infra-tables';
import { readCheckpoints, type Checkpoint } from './checkpoints';
import { judgeCheckpoints, type WaitResult } from './wait-for-projections';

/** Even while listening, read now and then: a notification can be lost with its connection. */
const SAFETY_LOOK_MS = 250;
/** How often to look while the LISTEN connection is down. */
const UNLISTENED_LOOK_MS = 10;

type KnownCheckpoint = Pick<Checkpoint, 'name' | 'position' | 'state'>;

interface Waiter {
  names: readonly string[];
  position: Position;
  deadline: number;
  resolve: (result: WaitResult) => void;
}

/** The checkpoints a notification carries (see CHECKPOINTS_CHANNEL); undefined if it carries none. */
function parsePayload(payload: string): KnownCheckpoint[] | undefined {
  if (payload === '') return undefined;
  return payload.split(',').map((row) => {
    const [name, commit, prepare, state] = row.split(' ');
    return {
      name: name!,
      position: { commit: BigInt(commit!), prepare: BigInt(prepare!) },
      state: state === 'parked' ? 'parked' : 'running',
    };
  });
}

/** Why a waiting loop is woken early: a new waiter may need a different deadline or names. */
const NEW_WAITER = 'new waiter';

/**
 * Read-your-writes for a whole process: every waiting command shares one LISTEN connection. The
 * worker's checkpoint updates notify with the rows they changed (a trigger on
 * projection_checkpoints), so a wait ends as soon as the notification of the projection passing
 * its position arrives, costing the live lag and neither a polling interval nor a read. The
 * checkpoints are read only when the notifications cannot tell (a projection not heard of since
 * the connection listens, a payload too large to carry them), at most every 250 ms besides, and
 * every 10 ms while the connection is down; at most one read is in flight whatever the load.
 */
export function createCheckpointWatch(db: Kysely<Database>, databaseUrl: string) {
  const known = new Map<string, KnownCheckpoint>();
  let lastRead = 0;
  /** Names notified while a read is in flight: newer than what the read returns. */
  let notifiedDuringRead: Set<string> | undefined;
  const notifier = new AppendNotifier({ connectionString: databaseUrl }, CHECKPOINTS_CHANNEL, {
    payload: (payload) => {
      const checkpoints = parsePayload(payload);
      if (!checkpoints) return known.clear();
      for (const checkpoint of checkpoints) {
        known.set(checkpoint.name, checkpoint);
        notifiedDuringRead?.add(checkpoint.name);
      }
    },
    listening: () => known.clear(),
  });
  const waiters = new Set<Waiter>();
  let looping = false;
  let arrived = false;
  let interrupt: AbortController | undefined;

  const settle = (now: number) => {
    for (const waiter of waiters) {
      const checkpoints = waiter.names.flatMap((name) => known.get(name) ?? []);
      const { lagging, settled } = judgeCheckpoints(checkpoints, waiter.names, waiter.position);
      if (settled || now >= waiter.deadline) {
        waiters.delete(waiter);
        waiter.resolve({ caughtUp: lagging.length === 0, lagging });
      }
    }
  };

  /**
   * Reads the checkpoints unless the notifications have told everything the waiters need. A
   * parked projection is read again: a wait ends at once for it, so it must not be a state that
   * a notification on its way has just ended.
   */
  const lookIfNeeded = async (names: string[]) => {
    const told = notifier.listening && names.every((name) => known.get(name)?.state === 'running');
    if (told && Date.now() - lastRead < SAFETY_LOOK_MS) return;
    lastRead = Date.now();
    const notified = (notifiedDuringRead = new Set());
    const checkpoints = await readCheckpoints(db, names).catch(() => []);
    notifiedDuringRead = undefined;
    for (const checkpoint of checkpoints)
      if (!notified.has(checkpoint.name)) known.set(checkpoint.name, checkpoint);
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
        await lookIfNeeded([...new Set([...waiters].flatMap((waiter) => waiter.names))]);
        const now = Date.now();
        settle(now);
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
        // A constant reason: abort() without one builds a DOMException, stack and all, per wait.
        interrupt?.abort(NEW_WAITER);
        if (!looping) void loop();
      });
    },
    async close() {
      await notifier.close();
      for (const waiter of waiters) waiter.resolve({ caughtUp: false, lagging: [...waiter.names] });
      waiters.clear();
    },
  };
}

export type CheckpointWatch = ReturnType<typeof createCheckpointWatch>;
