import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START } from '@labelwise/event-store';
import { batchCheckpointMoves } from './checkpoint-moves';
import { readCheckpoints } from './checkpoints';
import { ensureProjectionTables } from './ensure-tables';
import { createEngineTestContext, type EngineTestContext } from '../../testing/engine-test-context';
import { voteTallyProjection } from '../../testing/vote-tally-projection';

describe('batched checkpoint moves', () => {
  let ctx: EngineTestContext;
  beforeAll(async () => {
    ctx = await createEngineTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('moves the projections asked together, each only from where it really is', async () => {
    const [a, b, c, d] = ['moves_a', 'moves_b', 'moves_c', 'moves_d'].map((name) =>
      voteTallyProjection({ name }),
    );
    await ensureProjectionTables(ctx.db, [a!, b!, c!, d!]);
    const first = { commit: 10n, prepare: 100n };
    const second = { commit: 11n, prepare: 101n };
    const move = batchCheckpointMoves(ctx.db);
    // c has moved on meanwhile, so a move from START no longer applies to it; d moves elsewhere.
    await move(c!, START, first);

    const outcomes = await Promise.all([
      move(a!, START, second),
      move(b!, START, second),
      move(c!, START, second),
      move(d!, START, first),
    ]);

    expect(outcomes).toEqual(['applied', 'applied', 'moved', 'applied']);
    const positions = Object.fromEntries(
      (await readCheckpoints(ctx.db, ['moves_a', 'moves_b', 'moves_c', 'moves_d'])).map((cp) => [
        cp.name,
        cp.position,
      ]),
    );
    expect(positions).toEqual({ moves_a: second, moves_b: second, moves_c: first, moves_d: first });
  });
});
