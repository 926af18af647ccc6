import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START } from '@labelwise/event-store';
import { readCheckpoint } from './checkpoints';
import { rebuildProjection, type RebuildProgress } from './rebuild';
import {
  appendVotes,
  createEngineTestContext,
  waitForCheckpoint,
  type EngineTestContext,
} from '../../testing/engine-test-context';
import { readTallies, voteTallyProjection, type VoteTallyRow } from '../../testing/vote-tally-projection';
import { startProjectionWorker } from './worker';

/** What the tallies must be, folded straight from the store. */
async function expectedTallies(ctx: EngineTestContext): Promise<VoteTallyRow[]> {
  const rows = new Map<string, VoteTallyRow>();
  const events = await ctx.store.readAll(START, 1_000_000);
  for (const event of events) {
    if (event.type !== 'ReviewVoted') continue;
    const row = rows.get(event.data.reviewId) ?? {
      review_id: event.data.reviewId,
      helpful: 0,
      unhelpful: 0,
      voters: '',
    };
    if (event.data.helpful) row.helpful++;
    else row.unhelpful++;
    row.voters += `${event.data.voterUid};`;
    rows.set(row.review_id, row);
  }
  return [...rows.values()].sort((a, b) => (a.review_id < b.review_id ? -1 : 1));
}

describe('zero-downtime rebuild', () => {
  let ctx: EngineTestContext;
  beforeAll(async () => {
    ctx = await createEngineTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('swaps in rebuilt tables while queries and new events keep flowing; readers never see a partial table', async () => {
    const projection = voteTallyProjection();
    const worker = await startProjectionWorker({ db: ctx.db, store: ctx.store, projections: [projection] });
    try {
      const initial = 20_000;
      await waitForCheckpoint(ctx.db, projection.name, await appendVotes(ctx.store, initial));

      let querying = true;
      const seen: number[] = [];
      const errors: unknown[] = [];
      const queries = (async () => {
        while (querying) {
          try {
            const { rows } = await sql<{ votes: number }>`
              select coalesce(sum(helpful + unhelpful), 0)::int as votes from test_vote_tallies`.execute(
              ctx.db,
            );
            seen.push(rows[0]!.votes);
          } catch (error) {
            errors.push(error);
          }
        }
      })();
      let writing = true;
      let written = initial;
      const writes = (async () => {
        while (writing) {
          await appendVotes(ctx.store, 50, { prefix: `w${written}-`, perAppend: 50, concurrency: 1 });
          written += 50;
          await new Promise((r) => setTimeout(r, 5));
        }
      })();

      const progress: RebuildProgress[] = [];
      const result = await rebuildProjection({
        db: ctx.db,
        store: ctx.store,
        projection,
        databaseUrl: ctx.url,
        onProgress: (p) => progress.push(p),
      });
      writing = false;
      await writes;
      const head = await ctx.store.headPosition();
      await waitForCheckpoint(ctx.db, projection.name, head);
      querying = false;
      await queries;

      expect(errors).toEqual([]);
      expect(seen.length).toBeGreaterThan(10);
      for (let i = 0; i < seen.length; i++) {
        expect(seen[i]).toBeGreaterThanOrEqual(initial);
        if (i > 0) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
      }
      expect(result.processed).toBeGreaterThanOrEqual(initial);
      expect(progress.at(-1)).toMatchObject({ phase: 'done', projection: projection.name });
      expect(progress.some((p) => p.phase === 'replaying' && p.processed > 0 && p.eventsPerSecond > 0)).toBe(
        true,
      );
      expect(await readTallies(ctx.db)).toEqual(await expectedTallies(ctx));
      expect(await ctx.db.selectFrom('projection_rebuilds').selectAll().execute()).toEqual([]);
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from information_schema.schemata where schema_name like 'rebuild_%'`.execute(
        ctx.db,
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('unparks a projection when it is rebuilt with a fixed handler', async () => {
    const name = 'tallies_fixed';
    const broken = voteTallyProjection({ name, poisonVoter: 'fx3' });
    const worker = await startProjectionWorker({ db: ctx.db, store: ctx.store, projections: [broken] });
    await appendVotes(ctx.store, 10, { prefix: 'fx', reviews: 1, perAppend: 1 });
    await expect
      .poll(async () => (await readCheckpoint(ctx.db, name))?.state, { timeout: 10_000 })
      .toBe('parked');
    await worker.stop();

    const fixed = voteTallyProjection({ name });
    await expect(
      rebuildProjection({ db: ctx.db, store: ctx.store, projection: broken, databaseUrl: ctx.url }),
    ).rejects.toThrow(/Rebuild of tallies_fixed failed at event .* poison vote by fx3/);
    await rebuildProjection({ db: ctx.db, store: ctx.store, projection: fixed, databaseUrl: ctx.url });
    expect(await readCheckpoint(ctx.db, name)).toMatchObject({
      state: 'running',
      lastError: null,
      failingEvent: null,
    });
    expect(await readTallies(ctx.db, name)).toEqual(await expectedTallies(ctx));
  });
});
