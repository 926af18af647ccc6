import type { Kysely } from 'kysely';
import { comparePositions, START, type EventStore, type Position } from '@labelwise/event-store';
import type { ProjectionDefinition, Database } from '@labelwise/projections';
import { readCheckpoints } from '@labelwise/projections';
import { startWorkerProcess } from '../core/child-process';
import { fmt } from '../support';

const POLL_MS = 25;
const REPORT_MS = 5000;

/** Forgets projections' checkpoints: the next worker start drops their tables and builds them from zero. */
export async function forgetProjections(
  db: Kysely<Database>,
  definitions: ProjectionDefinition[],
): Promise<void> {
  const names = definitions.map((d) => d.name);
  await db.deleteFrom('projection_checkpoints').where('name', 'in', names).execute();
}

/** The lowest checkpoint of `names`; throws if one of them is parked. */
export async function slowestCheckpoint(db: Kysely<Database>, names: string[]): Promise<Position> {
  const checkpoints = await readCheckpoints(db, names);
  const parked = checkpoints.find((cp) => cp.state === 'parked');
  if (parked) throw new Error(`projection ${parked.name} parked: ${parked.lastError}`);
  if (checkpoints.length < names.length) return START;
  return checkpoints.map((cp) => cp.position).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
}

/**
 * Runs a projection worker process for `projections` until every one has passed the store's
 * head as it was when called; the time includes the process's start (tables, locks), as a
 * deployment sees it.
 */
export async function catchUp(options: {
  db: Kysely<Database>;
  store: EventStore;
  databaseUrl: string;
  projections: ProjectionDefinition[];
  progress: (message: string) => void;
  /** Where the worker writes its CPU profile (node --cpu-prof), if it should. */
  cpuProfileDir?: string;
}): Promise<{ seconds: number; events: number }> {
  const { db, store, projections, progress } = options;
  const names = projections.map((p) => p.name);
  const head = await store.headPosition();
  const events = await store.countEventsAfter(START, 1_000_000_000);
  const started = performance.now();
  const worker = startWorkerProcess(options.databaseUrl, names, options.cpuProfileDir);
  let exited = false;
  void worker.exited.then(() => (exited = true));
  try {
    let lastReport = started;
    for (;;) {
      const slowest = await slowestCheckpoint(db, names).catch(startIfNoCheckpoints);
      if (comparePositions(slowest, head) >= 0) break;
      if (exited) throw new Error('the projection worker process exited');
      const now = performance.now();
      if (now - lastReport > REPORT_MS) {
        lastReport = now;
        progress(
          `catching up: slowest projection about ${shareOfLog(slowest, head)} % through ${fmt(events)} events`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return { seconds: (performance.now() - started) / 1000, events };
  } finally {
    await worker.stop();
  }
}

/**
 * How far `position` is through the log up to `head`, in per cent, from the positions alone:
 * counting the events left would scan the log's index every few seconds, taking a core from
 * the catch-up it reports on (seconds a count at millions of events).
 */
export function shareOfLog(position: Position, head: Position): number {
  if (head.prepare === 0n) return 100;
  return Math.min(100, Math.floor(Number((position.prepare * 100n) / head.prepare)));
}

/** Before a worker has created the checkpoints table, every projection is at the start. */
export function startIfNoCheckpoints(error: unknown): Position {
  if ((error as { code?: string }).code === '42P01') return START;
  throw error;
}
