import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comparePositions } from '@labelwise/event-store';
import { readCheckpoint } from './checkpoints';
import { ensureProjectionTables } from './ensure-tables';
import { rebuildProjection } from './rebuild';
import {
  appendVotes,
  createEngineTestContext,
  waitForCheckpoint,
  type EngineTestContext,
} from '../../testing/engine-test-context';
import {
  ALL_VOTES,
  readTallies,
  voteTallyProjection,
  type VoteTallyRow,
} from '../../testing/vote-tally-projection';
import { spawnTestWorker } from '../../testing/worker-process';

const EVENTS = 50_000;
const KILLS = 10;

describe('projection worker crashes', () => {
  let ctx: EngineTestContext;
  beforeEach(async () => {
    ctx = await createEngineTestContext();
  });
  afterEach(async () => {
    await ctx?.close();
  });

  it.each([
    { mode: 'one batch at a time', sideBySide: false },
    { mode: 'batches side by side', sideBySide: true },
  ])(
    `loses and repeats nothing when killed -9 ${KILLS}+ times while catching up on ${EVENTS} events, $mode`,
    async ({ sideBySide }) => {
      const projection = voteTallyProjection(sideBySide ? { sideBySide: {} } : {});
      // Short appends over many reviews: most batches of 50 share no review with the one before.
      const head = await appendVotes(
        ctx.store,
        EVENTS,
        sideBySide ? { reviews: 1000, perAppend: 10 } : { reviews: 500, perAppend: 250 },
      );
      await ensureProjectionTables(ctx.db, [projection]);
      let kills = 0;
      const caughtUp = async () => {
        const checkpoint = await readCheckpoint(ctx.db, projection.name);
        return checkpoint !== undefined && comparePositions(checkpoint.position, head) >= 0;
      };

      // Small batches keep the catch-up long enough to be interrupted many times.
      while (kills < KILLS + 2 && !(await caughtUp())) {
        const worker = spawnTestWorker(ctx.url, { batchSize: 50, sideBySide });
        await worker.ready;
        const start = (await readCheckpoint(ctx.db, projection.name))!.position;
        // Once it is applying batches, kill it at a random moment: mid-transaction or between.
        while (comparePositions((await readCheckpoint(ctx.db, projection.name))!.position, start) === 0) {
          await new Promise((r) => setTimeout(r, 2));
        }
        await new Promise((r) => setTimeout(r, Math.random() * 40));
        await worker.kill('SIGKILL');
        kills++;
      }
      expect(kills).toBeGreaterThanOrEqual(KILLS);

      const last = spawnTestWorker(ctx.url, { sideBySide });
      await last.ready;
      await waitForCheckpoint(ctx.db, projection.name, head, 30_000);
      await last.kill('SIGTERM');

      const afterCrashes = await readTallies(ctx.db);
      const votes = (rows: VoteTallyRow[]) => rows.reduce((n, row) => n + row.helpful + row.unhelpful, 0);
      expect(votes(afterCrashes.filter((row) => row.review_id !== ALL_VOTES))).toBe(EVENTS);
      if (sideBySide) expect(votes(afterCrashes.filter((row) => row.review_id === ALL_VOTES))).toBe(EVENTS);
      await rebuildProjection({ db: ctx.db, store: ctx.store, projection, databaseUrl: ctx.url });
      expect(afterCrashes).toEqual(await readTallies(ctx.db));
    },
    // Twelve worker processes started and killed, 50,000 events replayed and rebuilt: 30-60 s alone,
    // more beside the other integration files.
    180_000,
  );
});
