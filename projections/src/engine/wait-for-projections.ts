import type { Kysely } from 'kysely';
import { comparePositions, type Position } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import { readCheckpoints, type Checkpoint } from './checkpoints';
import { sleep } from './sleep';

export interface WaitResult {
  /** True when every named projection has passed the position. */
  caughtUp: boolean;
  /** Projections still behind when the wait ended (parked ones are not waited for). */
  lagging: string[];
}

/** Where a wait for `names` to pass `position` stands: done, hopeless (a lagging one is parked), or not yet. */
export function judgeCheckpoints(
  checkpoints: ReadonlyArray<Pick<Checkpoint, 'name' | 'position' | 'state'>>,
  names: readonly string[],
  position: Position,
) {
  const passed = new Set(
    checkpoints.filter((cp) => comparePositions(cp.position, position) >= 0).map((cp) => cp.name),
  );
  const lagging = names.filter((name) => !passed.has(name));
  const parked = checkpoints.some((cp) => cp.state === 'parked' && !passed.has(cp.name));
  return { lagging, settled: lagging.length === 0 || parked };
}

/**
 * Resolves once the named projections' checkpoints have reached `position`, looking again with
 * a growing pause: for one-off waits (tests, tools). The API waits with a CheckpointWatch,
 * which wakes on the worker's progress instead. Never fails the caller: after `timeoutMs` (or at
 * once for a parked projection) it resolves with `caughtUp: false`.
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
    const { lagging, settled } = judgeCheckpoints(await readCheckpoints(db, names), names, position);
    if (settled || Date.now() >= deadline) return { caughtUp: lagging.length === 0, lagging };
    await sleep(Math.min(pause, deadline - Date.now()));
    pause = Math.min(pause * 2, 50);
  }
}
