import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleMetadata } from '@labelwise/event-store/testing';
import { projectionStatus } from './status';
import {
  appendVotes,
  createEngineTestContext,
  waitForCheckpoint,
  type EngineTestContext,
} from '../../testing/engine-test-context';
import { readTallies } from '../../testing/vote-tally-projection';
import { spawnTestWorker } from '../../testing/worker-process';

describe('hot standby', () => {
  let ctx: EngineTestContext;
  beforeAll(async () => {
    ctx = await createEngineTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('takes over within a second when the active worker dies', async () => {
    const active = spawnTestWorker(ctx.url);
    await active.ready;
    await waitForCheckpoint(ctx.db, 'test_vote_tallies', await appendVotes(ctx.store, 100));
    const standby = spawnTestWorker(ctx.url);
    try {
      await standby.ready;
      // The standby must not apply anything twice while it waits.
      await waitForCheckpoint(
        ctx.db,
        'test_vote_tallies',
        await appendVotes(ctx.store, 100, { prefix: 'w' }),
      );

      await active.kill('SIGKILL');
      const died = Date.now();
      const { position } = await ctx.store.append(
        'review-takeover',
        [
          {
            type: 'ReviewVoted',
            data: { reviewId: 'takeover', voterUid: 'x', helpful: true },
            metadata: sampleMetadata,
          },
        ],
        { expectedRevision: 'any' },
      );
      await waitForCheckpoint(ctx.db, 'test_vote_tallies', position, 5000);
      const takeoverMs = Date.now() - died;
      expect(takeoverMs).toBeLessThan(1000);

      const [status] = await projectionStatus(ctx.db, ctx.store);
      expect(status).toMatchObject({ name: 'test_vote_tallies', state: 'running', lagEvents: 0 });
      const tallies = await readTallies(ctx.db);
      expect(tallies.reduce((n, row) => n + row.helpful + row.unhelpful, 0)).toBe(201);
    } finally {
      await Promise.all([active.kill(), standby.kill('SIGTERM')]);
    }
  });
});
