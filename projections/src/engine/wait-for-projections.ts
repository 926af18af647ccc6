import type { Kysely } from 'kysely';
import { comparePositions, type Position } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import { readCheckpoints } from './checkpoints';
import { sleep } from './sleep';

export interface WaitResult {
  /** True when every named projection has passed the position. */
  caughtUp: boolean;
  /** Projections still behind when the wait ended (parked ones are not waited for). */
  lagging: string[];
}

/**
 * Read-your-writes: resolves once the named projections' checkpoints have reached `position`.
 * Never fails the caller: after `timeoutMs` (or at once for a parked projection) it resolves
 * with `caughtUp: false` so the command can still answer.
 */
export async function waitForProjections(
  db: Kysely<Database>,
  names: readonly string[],
  position: Position,
  timeoutMs = 2000,
): Promise<WaitResult> {
  const deadline = Date.now() + timeoutMs;
  let pause = 2;
  for (;;) {
    const checkpoints = await readCheckpoints(db, names);
    const done = new Set(
      checkpoints.filter((cp) => comparePositions(cp.position, position) >= 0).map((cp) => cp.name),
    );
    const parked = checkpoints.some((cp) => cp.state === 'parked' && !done.has(cp.name));
    const lagging = names.filter((name) => !done.has(name));
    if (lagging.length === 0) return { caughtUp: true, lagging };
    if (parked || Date.now() >= deadline) return { caughtUp: false, lagging };
    await sleep(Math.min(pause, deadline - Date.now()));
    pause = Math.min(pause * 2, 50);
  }
}
