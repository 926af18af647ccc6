import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '@labelwise/event-store';
import { positionColumns } from './checkpoints';
import { createCheckpointWatch, type CheckpointWatch } from './checkpoint-watch';
import { ensureProjectionTables } from './ensure-tables';
import { createEngineTestContext, type EngineTestContext } from '../../testing/engine-test-context';
import { voteTallyProjection } from '../../testing/vote-tally-projection';

let ctx: EngineTestContext;
let watch: CheckpointWatch;
const names = ['watch_a', 'watch_b'];

beforeAll(async () => {
  ctx = await createEngineTestContext();
  await ensureProjectionTables(
    ctx.db,
    names.map((name) => voteTallyProjection({ name })),
  );
  watch = createCheckpointWatch(ctx.db, ctx.url);
});
afterAll(async () => {
  await watch?.close();
  await ctx?.close();
});

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });
const moveTo = (name: string, position: Position, state: 'running' | 'parked' = 'running') =>
  ctx.db
    .updateTable('projection_checkpoints')
    .set({ ...positionColumns(position), state })
    .where('name', '=', name)
    .execute();

describe('checkpoint watch (read-your-writes)', () => {
  it('ends a wait within milliseconds of the checkpoint passing the position, not at a polling interval', async () => {
    const lateness: number[] = [];
    for (let round = 1; round <= 9; round++) {
      const target = at(round * 10);
      const waiting = watch.wait(names, target, 5000).then((result) => ({ result, at: performance.now() }));
      await moveTo('watch_a', target);
      await new Promise((resolve) => setTimeout(resolve, 40 + round * 23));
      await moveTo('watch_b', at(round * 10 + 1));
      const movedAt = performance.now();
      const { result, at: endedAt } = await waiting;
      expect(result).toEqual({ caughtUp: true, lagging: [] });
      lateness.push(endedAt - movedAt);
    }
    // A look every 250 ms would be late by 125 ms in the middle; the notification wakes it at once.
    // The median, as a round on a machine busy with other suites can wait for the CPU (859 ms seen).
    const median = [...lateness].sort((a, b) => a - b)[Math.floor(lateness.length / 2)]!;
    expect(median, `lateness per round: ${lateness.map(Math.round).join(', ')} ms`).toBeLessThan(60);
  });

  it('answers at once for a parked projection, and after the timeout for one that does not move', async () => {
    await moveTo('watch_b', at(1000), 'parked');
    const started = performance.now();
    expect(await watch.wait(names, at(2000), 5000)).toEqual({ caughtUp: false, lagging: names });
    expect(performance.now() - started).toBeLessThan(200);
    await moveTo('watch_b', at(1000), 'running');
    const timed = performance.now();
    expect(await watch.wait(names, at(2000), 300)).toEqual({ caughtUp: false, lagging: names });
    expect(performance.now() - timed).toBeGreaterThanOrEqual(290);
  });

  it('settles a thousand concurrent waits on one move, each on its own position', async () => {
    const waits = Array.from({ length: 1000 }, (_, i) => watch.wait(['watch_a'], at(3000 + i), 5000));
    await moveTo('watch_a', at(3500));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await moveTo('watch_a', at(4000));
    const results = await Promise.all(waits);
    expect(results.every((result) => result.caughtUp)).toBe(true);
  });

  it('learns the positions from the notifications: no read while they tell what the waits need', async () => {
    let reads = 0;
    const counted = ctx.db.withPlugin({
      transformQuery: (args) => {
        reads++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const own = createCheckpointWatch(counted, ctx.url);
    try {
      await moveTo('watch_b', at(5000));
      await moveTo('watch_a', at(5000));
      expect(await own.wait(names, at(5000), 5000)).toEqual({ caughtUp: true, lagging: [] });
      const readsBefore = reads;
      for (let round = 1; round <= 3; round++) {
        const waiting = own.wait(names, at(5000 + round), 5000);
        await moveTo('watch_a', at(5000 + round));
        await moveTo('watch_b', at(5000 + round));
        expect(await waiting).toEqual({ caughtUp: true, lagging: [] });
      }
      // Reading on each wake would be two reads a round; a safety look every 250 ms may add one.
      expect(reads - readsBefore).toBeLessThanOrEqual(1);
    } finally {
      await own.close();
    }
  });
});
