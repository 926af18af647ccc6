import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleMetadata } from '@labelwise/event-store/testing';
import { readCheckpoint } from './checkpoints';
import { projectionStatus } from './status';
import {
  appendVotes,
  createEngineTestContext,
  waitForCheckpoint,
  type EngineTestContext,
} from '../../testing/engine-test-context';
import { readTallies, voteTallyProjection } from '../../testing/vote-tally-projection';
import { waitForProjections } from './wait-for-projections';
import { startProjectionWorker } from './worker';

function vote(reviewId: string, voterUid: string) {
  return {
    type: 'ReviewVoted' as const,
    data: { reviewId, voterUid, helpful: true },
    metadata: sampleMetadata,
  };
}

describe('projection worker', () => {
  let ctx: EngineTestContext;
  beforeAll(async () => {
    ctx = await createEngineTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('applies events and lets a command wait until its write is readable', async () => {
    const projection = voteTallyProjection({ name: 'tallies_ryw' });
    const worker = await startProjectionWorker({ db: ctx.db, store: ctx.store, projections: [projection] });
    try {
      for (let i = 0; i < 5; i++) {
        const { position } = await ctx.store.append('review-ryw', [vote('ryw', `voter${i}`)], {
          expectedRevision: 'any',
        });
        const result = await waitForProjections(ctx.db, ['tallies_ryw'], position);
        expect(result).toEqual({ caughtUp: true, lagging: [] });
        const [row] = await readTallies(ctx.db, 'tallies_ryw');
        expect(row?.helpful).toBe(i + 1);
      }
    } finally {
      await worker.stop();
    }
  });

  it('applies a batch at the head in one transaction for the projections that reach it together', async () => {
    const first = voteTallyProjection({ name: 'tallies_together_a' });
    const second = voteTallyProjection({ name: 'tallies_together_b' });
    const worker = await startProjectionWorker({
      db: ctx.db,
      store: ctx.store,
      projections: [first, second],
    });
    try {
      const head = await appendVotes(ctx.store, 3, { prefix: 'together-warm' });
      await waitForProjections(ctx.db, [first.name, second.name], head);
      for (let i = 0; i < 3; i++) {
        const { position } = await ctx.store.append('review-together', [vote('together', `voter${i}`)], {
          expectedRevision: 'any',
        });
        expect(await waitForProjections(ctx.db, [first.name, second.name], position)).toEqual({
          caughtUp: true,
          lagging: [],
        });
        // Rows a transaction wrote carry its id: one id, one transaction.
        const { rows } = await sql<{ xmin: string }>`
          select distinct xmin::text from projection_checkpoints where name in (${first.name}, ${second.name})`.execute(
          ctx.db,
        );
        expect(rows).toHaveLength(1);
      }
      expect((await readTallies(ctx.db, first.name)).find((t) => t.review_id === 'together')?.helpful).toBe(
        3,
      );
      expect((await readTallies(ctx.db, second.name)).find((t) => t.review_id === 'together')?.helpful).toBe(
        3,
      );
    } finally {
      await worker.stop();
    }
  });

  it('parks a projection whose handler throws, at the failing event, while the others go on', async () => {
    const healthy = voteTallyProjection({ name: 'tallies_healthy' });
    const poisoned = voteTallyProjection({ name: 'tallies_poisoned', poisonVoter: 'mallory' });
    const worker = await startProjectionWorker({
      db: ctx.db,
      store: ctx.store,
      projections: [healthy, poisoned],
    });
    try {
      await ctx.store.append('review-p', [vote('p', 'alice')], { expectedRevision: 'any' });
      await ctx.store.append('review-p', [vote('p', 'bob'), vote('p', 'mallory'), vote('p', 'carol')], {
        expectedRevision: 'any',
      });
      const [, poison] = await ctx.store.readStream('review-p', { from: 1n });
      const after = await ctx.store.append('review-p', [vote('p', 'dave')], { expectedRevision: 'any' });

      await waitForCheckpoint(ctx.db, 'tallies_healthy', after.position);
      const started = Date.now();
      const wait = await waitForProjections(
        ctx.db,
        ['tallies_healthy', 'tallies_poisoned'],
        after.position,
        5000,
      );
      expect(wait).toEqual({ caughtUp: false, lagging: ['tallies_poisoned'] });
      expect(Date.now() - started).toBeLessThan(1000);

      const parked = await readCheckpoint(ctx.db, 'tallies_poisoned');
      expect(parked).toMatchObject({
        state: 'parked',
        failingEvent: { id: poison!.id, position: poison!.position, stream: 'review-p', type: 'ReviewVoted' },
      });
      expect(parked!.lastError).toContain('poison vote by mallory');
      // Everything before the poison event is applied, nothing after it.
      expect(parked!.position).toEqual(
        (await ctx.store.readStream('review-p', { from: 1n, maxCount: 1 }))[0]!.position,
      );
      expect((await readTallies(ctx.db, 'tallies_poisoned'))[0]!.voters).toBe('alice;bob;');
      expect((await readTallies(ctx.db, 'tallies_healthy'))[0]!.voters).toBe('alice;bob;mallory;carol;dave;');

      const status = await projectionStatus(ctx.db, ctx.store, [healthy, poisoned]);
      const byName = Object.fromEntries(status.map((s) => [s.name, s]));
      expect(byName.tallies_poisoned).toMatchObject({
        state: 'parked',
        failingEvent: {
          id: poison!.id,
          position: `${poison!.position.commit}/${poison!.position.prepare}`,
          stream: 'review-p',
          type: 'ReviewVoted',
        },
        lagEvents: 3,
      });
      expect(byName.tallies_poisoned!.lastError).toContain('poison vote by mallory');
      expect(byName.tallies_healthy).toMatchObject({
        state: 'running',
        lagEvents: 0,
        lagSeconds: 0,
        lastError: null,
      });
    } finally {
      await worker.stop();
    }
  });

  it('reports a stopped worker as idle with its lag', async () => {
    const projection = voteTallyProjection({ name: 'tallies_status' });
    const worker = await startProjectionWorker({ db: ctx.db, store: ctx.store, projections: [projection] });
    const head = await appendVotes(ctx.store, 10, { prefix: 'st' });
    await waitForCheckpoint(ctx.db, 'tallies_status', head);
    await worker.stop();
    await appendVotes(ctx.store, 7, { prefix: 'st2', perAppend: 7 });
    await new Promise((r) => setTimeout(r, 20));
    const [status] = (await projectionStatus(ctx.db, ctx.store)).filter((s) => s.name === 'tallies_status');
    expect(status).toMatchObject({ state: 'idle', lagEvents: 7, version: 1 });
    expect(status!.lagSeconds).toBeGreaterThan(0);
  });

  it('rebuilds a projection on its own when its version is bumped', async () => {
    const v1 = voteTallyProjection({ name: 'tallies_versioned' });
    let worker = await startProjectionWorker({ db: ctx.db, store: ctx.store, projections: [v1] });
    const head = await appendVotes(ctx.store, 300, { prefix: 'ver' });
    await waitForCheckpoint(ctx.db, 'tallies_versioned', head);
    await worker.stop();
    const before = await readTallies(ctx.db, 'tallies_versioned');

    worker = await startProjectionWorker({
      db: ctx.db,
      store: ctx.store,
      projections: [{ ...v1, version: 2 }],
    });
    try {
      const deadline = Date.now() + 20_000;
      while ((await readCheckpoint(ctx.db, 'tallies_versioned'))!.version !== 2) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await readTallies(ctx.db, 'tallies_versioned')).toEqual(before);
    } finally {
      await worker.stop();
    }
  });
});
