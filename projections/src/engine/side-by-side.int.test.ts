import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { START, comparePositions } from '@labelwise/event-store';
import { readCheckpoint } from './checkpoints';
import { RebuildFailed, rebuildProjection } from './rebuild';
import {
  appendVotes,
  createEngineTestContext,
  waitForCheckpoint,
  type EngineTestContext,
} from '../../testing/engine-test-context';
import { ALL_VOTES, readTallies, voteTallyProjection } from '../../testing/vote-tally-projection';
import type { ProjectionDefinition } from './projection';
import { startProjectionWorker } from './worker';

const EVENTS = 6_000;
const BATCH = 100;

describe('catching up with batches side by side', () => {
  let ctx: EngineTestContext;
  beforeEach(async () => {
    ctx = await createEngineTestContext();
  });
  afterEach(async () => {
    await ctx?.close();
  });
  const startWorker = (projection: ProjectionDefinition) =>
    startProjectionWorker({ db: ctx.db, store: ctx.store, projections: [projection], batchSize: BATCH });

  it('writes the next batch while the one before is applied, and ends as one batch at a time does', async () => {
    const beside: number[] = [];
    const projection = voteTallyProjection({ sideBySide: { observe: (others) => beside.push(others) } });
    const head = await appendVotes(ctx.store, EVENTS, { reviews: 1000, perAppend: 10 });
    const worker = await startWorker(projection);
    try {
      await waitForCheckpoint(ctx.db, projection.name, head);
    } finally {
      await worker.stop();
    }
    // Another transaction of the projection had written rows and not committed yet.
    expect(beside.filter((others) => others > 0).length).toBeGreaterThan(0);
    const caughtUp = await readTallies(ctx.db);
    const all = caughtUp.find((row) => row.review_id === ALL_VOTES)!;
    expect(all.helpful + all.unhelpful).toBe(EVENTS);
    // The shared row lists every voter in the log's order: batches committed in order.
    const inLogOrder = (await ctx.store.readAll(START, EVENTS + 1)).map(
      (event) => `${(event.data as { voterUid: string }).voterUid};`,
    );
    expect(all.voters).toBe(inLogOrder.join(''));
    await rebuildProjection({ db: ctx.db, store: ctx.store, projection, databaseUrl: ctx.url });
    expect(await readTallies(ctx.db)).toEqual(caughtUp);
  });

  it('rebuilds with batches side by side, to the tables one batch at a time builds', async () => {
    const beside: number[] = [];
    await appendVotes(ctx.store, EVENTS, { reviews: 1000, perAppend: 10 });
    const sideBySide = voteTallyProjection({
      name: 'tallies_beside',
      sideBySide: { observe: (others) => beside.push(others) },
    });
    const oneByOne = voteTallyProjection({ name: 'tallies_one_by_one' });
    for (const projection of [sideBySide, oneByOne])
      await rebuildProjection({
        db: ctx.db,
        store: ctx.store,
        projection,
        databaseUrl: ctx.url,
        batchSize: BATCH,
      });
    expect(beside.filter((others) => others > 0).length).toBeGreaterThan(0);
    const rebuilt = await readTallies(ctx.db, 'tallies_beside');
    expect(rebuilt.filter((row) => row.review_id !== ALL_VOTES)).toEqual(
      await readTallies(ctx.db, 'tallies_one_by_one'),
    );
    const inLogOrder = (await ctx.store.readAll(START, EVENTS + 1)).map(
      (event) => `${(event.data as { voterUid: string }).voterUid};`,
    );
    expect(rebuilt.find((row) => row.review_id === ALL_VOTES)?.voters).toBe(inLogOrder.join(''));
  });

  it('names the poison event of a rebuild batch replayed beside another', async () => {
    await appendVotes(ctx.store, EVENTS, { reviews: 1000, perAppend: 10 });
    const poisonVoter = `v${Math.floor(EVENTS * 0.6) + 7}`;
    const projection = voteTallyProjection({ poisonVoter, sideBySide: {} });
    const poison = (await ctx.store.readAll(START, EVENTS + 1)).find(
      (event) => (event.data as { voterUid: string }).voterUid === poisonVoter,
    )!;
    const rebuild = rebuildProjection({
      db: ctx.db,
      store: ctx.store,
      projection,
      databaseUrl: ctx.url,
      batchSize: BATCH,
    });
    await expect(rebuild).rejects.toBeInstanceOf(RebuildFailed);
    await expect(rebuild).rejects.toMatchObject({ event: { id: poison.id } });
  });

  it('parks at a poison event in a batch beside another, with every event before it applied once', async () => {
    const poisonVoter = `v${Math.floor(EVENTS * 0.6) + 7}`;
    const projection = voteTallyProjection({ poisonVoter, sideBySide: {} });
    await appendVotes(ctx.store, EVENTS, { reviews: 1000, perAppend: 10 });
    const log = await ctx.store.readAll(START, EVENTS + 1);
    const poison = log.findIndex((event) => (event.data as { voterUid: string }).voterUid === poisonVoter);
    const worker = await startWorker(projection);
    try {
      for (let tries = 0; (await readCheckpoint(ctx.db, projection.name))?.state !== 'parked'; tries++) {
        expect(tries).toBeLessThan(3000);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await worker.stop();
    }
    const checkpoint = (await readCheckpoint(ctx.db, projection.name))!;
    expect(checkpoint.failingEvent?.id).toBe(log[poison]!.id);
    expect(comparePositions(checkpoint.position, log[poison - 1]!.position)).toBe(0);
    const all = (await readTallies(ctx.db)).find((row) => row.review_id === ALL_VOTES)!;
    expect(all.helpful + all.unhelpful).toBe(poison);
    const reviews = (await readTallies(ctx.db)).filter((row) => row.review_id !== ALL_VOTES);
    expect(reviews.reduce((n, row) => n + row.helpful + row.unhelpful, 0)).toBe(poison);
  });
});
