import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, streams } from '@labelwise/domain';
import { sampleMetadata } from '@labelwise/event-store/testing';
import {
  appendVotes,
  createEngineTestContext,
  waitForCheckpoint,
  type EngineTestContext,
} from '../../testing/engine-test-context';
import { readTallies, voteTallyProjection } from '../../testing/vote-tally-projection';
import { formatPosition, readCheckpoint } from './checkpoints';
import { RebuildFailed, rebuildProjection } from './rebuild';
import { skipFailingEvent } from './skips';
import { projectionStatus } from './status';
import { startProjectionWorker } from './worker';

const vote = (reviewId: string, voterUid: string) => ({
  type: 'ReviewVoted' as const,
  data: { reviewId, voterUid, helpful: true },
  metadata: sampleMetadata,
});

async function parkedAt(ctx: EngineTestContext, name: string) {
  await expect
    .poll(async () => (await readCheckpoint(ctx.db, name))?.state, { timeout: 15_000 })
    .toBe('parked');
  return (await readCheckpoint(ctx.db, name))!.failingEvent!;
}

/** Issue 47: a projection that meets an event it cannot apply says which one, and an operator moves it past. */
describe('skipping the event a projection stopped at', () => {
  let ctx: EngineTestContext;
  beforeAll(async () => {
    ctx = await createEngineTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('parked live: the skip is recorded, the projection goes on after the event, and rebuilds leave it out', async () => {
    const name = 'tallies_skip_live';
    const broken = voteTallyProjection({ name, poisonVoter: 'mallory' });
    const worker = await startProjectionWorker({ db: ctx.db, store: ctx.store, projections: [broken] });
    try {
      await ctx.store.append('review-s', [vote('s', 'alice'), vote('s', 'mallory'), vote('s', 'bob')], {
        expectedRevision: 'any',
      });
      const failing = await parkedAt(ctx, name);
      const [, poison] = await ctx.store.readStream('review-s');
      expect(failing).toMatchObject({ id: poison!.id, stream: 'review-s', type: 'ReviewVoted' });
      const position = formatPosition(failing.position);

      const skip = (at: string, reason = 'mallory is a test') =>
        skipFailingEvent({
          db: ctx.db,
          store: ctx.store,
          projection: broken,
          position: at,
          reason,
          actor: 'cli:operator',
          now: new Date(),
        });
      await expect(skip('1/1')).rejects.toMatchObject({
        code: 'NOT_STOPPED_AT_EVENT',
        message: `${name} is stopped at event ${position}, not at 1/1.`,
      });
      await expect(skip(position, ' ')).rejects.toBeInstanceOf(DomainError);
      await skip(position);

      const after = await ctx.store.append('review-s', [vote('s', 'carol')], { expectedRevision: 'any' });
      await waitForCheckpoint(ctx.db, name, after.position);
      expect((await readTallies(ctx.db, name))[0]!.voters).toBe('alice;bob;carol;');
      const [status] = await projectionStatus(ctx.db, ctx.store, [broken]);
      expect(status).toMatchObject({ state: 'running', lastError: null, failingEvent: null });

      const [recorded] = await ctx.store.readStream(streams.projectionSkips());
      expect(recorded).toMatchObject({
        type: 'ProjectionEventSkipped',
        data: {
          projection: name,
          eventId: poison!.id,
          position,
          eventType: 'ReviewVoted',
          reason: 'mallory is a test',
        },
        metadata: { actor: 'cli:operator' },
      });
      expect(recorded!.data).toMatchObject({ error: expect.stringContaining('poison vote by mallory') });
      await expect(skip(position)).rejects.toMatchObject({ code: 'NOT_STOPPED_AT_EVENT' });
    } finally {
      await worker.stop();
    }
    // The same handler rebuilds the same rows: the skipped event stays out.
    await rebuildProjection({ db: ctx.db, store: ctx.store, projection: broken });
    expect((await readTallies(ctx.db, name))[0]!.voters).toBe('alice;bob;carol;');
  });

  it('a rebuild to a new version that meets such an event parks there instead of replaying again and again; a skip lets it finish', async () => {
    const name = 'tallies_skip_rebuild';
    const v1 = voteTallyProjection({ name });
    let worker = await startProjectionWorker({ db: ctx.db, store: ctx.store, projections: [v1] });
    const head = await appendVotes(ctx.store, 50, { prefix: 'rb', reviews: 1, perAppend: 10 });
    await waitForCheckpoint(ctx.db, name, head);
    await worker.stop();

    const v2 = voteTallyProjection({ name, version: 2, poisonVoter: 'rb17' });
    worker = await startProjectionWorker({ db: ctx.db, store: ctx.store, projections: [v2] });
    try {
      const failing = await parkedAt(ctx, name);
      expect(failing.type).toBe('ReviewVoted');
      const checkpoint = await readCheckpoint(ctx.db, name);
      // The live tables stay as version 1 built them, where they were.
      expect(checkpoint).toMatchObject({ version: 1, position: head });
      expect(checkpoint!.lastError).toContain('poison vote by rb17');
      // Parked, it does not start the rebuild again.
      const before = await ctx.db
        .selectFrom('projection_rebuilds')
        .select('started_at')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const still = await ctx.db
        .selectFrom('projection_rebuilds')
        .select('started_at')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      expect(still.started_at).toEqual(before.started_at);

      await skipFailingEvent({
        db: ctx.db,
        store: ctx.store,
        projection: v2,
        position: formatPosition(failing.position),
        reason: 'rb17 voted twice in a test',
        actor: 'cli:operator',
        now: new Date(),
      });
      await expect
        .poll(async () => (await readCheckpoint(ctx.db, name))?.version, { timeout: 15_000 })
        .toBe(2);
      expect(await readCheckpoint(ctx.db, name)).toMatchObject({ state: 'running', failingEvent: null });
      expect((await readTallies(ctx.db, name))[0]!.voters).not.toContain('rb17;');
      expect((await readTallies(ctx.db, name))[0]!.voters).toContain('rb18;');
    } finally {
      await worker.stop();
    }
  });

  it('a rebuild by hand that fails names the event, and the skip takes that event too', async () => {
    const name = 'tallies_skip_by_hand';
    const v1 = voteTallyProjection({ name });
    const worker = await startProjectionWorker({ db: ctx.db, store: ctx.store, projections: [v1] });
    try {
      const head = await appendVotes(ctx.store, 20, { prefix: 'bh', reviews: 1, perAppend: 5 });
      await waitForCheckpoint(ctx.db, name, head);
      const broken = voteTallyProjection({ name, poisonVoter: 'bh3' });
      const failure = await rebuildProjection({ db: ctx.db, store: ctx.store, projection: broken }).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(RebuildFailed);
      const { event } = failure as RebuildFailed;
      expect((failure as Error).message).toContain(
        `(ReviewVoted on ${event.stream}, position ${formatPosition(event.position)})`,
      );
      // The live tables go on as they were.
      expect(await readCheckpoint(ctx.db, name)).toMatchObject({ state: 'running' });

      await skipFailingEvent({
        db: ctx.db,
        store: ctx.store,
        projection: broken,
        position: formatPosition(event.position),
        reason: 'bh3 is a test',
        actor: 'cli:operator',
        now: new Date(),
      });
      await rebuildProjection({ db: ctx.db, store: ctx.store, projection: broken });
      expect((await readTallies(ctx.db, name))[0]!.voters).not.toContain('bh3;');
    } finally {
      await worker.stop();
    }
  });
});
