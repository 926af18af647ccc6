import { describe, expect, it } from 'vitest';
import { nextSyncDueAt, noSyncYet, offSyncDecider, planSync, SYNC_EVERY_MS, SYNC_RETRY_MS } from './off-sync';
import type { Recorded } from '../decider';
import type { OffSyncEvent } from '../events/catalogue';

const day = 86_400;
const delta = (from: number, to: number) => `openfoodfacts_products_${from}_${to}.json.gz`;

function applied(...files: string[]) {
  return files.reduce(
    (state, file) =>
      offSyncDecider.evolve(state, {
        type: 'OffDeltaApplied',
        data: {
          syncId: crypto.randomUUID(),
          file,
          runId: crypto.randomUUID(),
          appliedAt: '2026-11-27T00:00:00Z',
        },
      } as Recorded<OffSyncEvent>),
    noSyncYet,
  );
}

describe('planSync', () => {
  it('applies the listed deltas in name order, skipping those applied and lines that are not deltas', () => {
    const listed = [delta(3 * day, 4 * day), 'README.txt', delta(day, 2 * day), delta(2 * day, 3 * day)];
    const plan = planSync(listed, applied(delta(day, 2 * day)));
    expect(plan.toApply.map((file) => file.name)).toEqual([delta(2 * day, 3 * day), delta(3 * day, 4 * day)]);
    expect(plan.ignored).toEqual(['README.txt']);
    expect(plan.gap).toBeNull();
    expect(plan.firstSync).toBe(false);
  });

  it('applies nothing when every listed delta was applied', () => {
    const listed = [delta(day, 2 * day), delta(2 * day, 3 * day)];
    const plan = planSync(listed, applied(...listed));
    expect(plan.toApply).toEqual([]);
    expect(plan.alreadyApplied).toBe(2);
  });

  it('says plainly that the full export is needed when our last delta ends before the oldest listed', () => {
    const plan = planSync([delta(20 * day, 21 * day)], applied(delta(day, 2 * day)));
    expect(plan.gap).toMatch(
      /^Our last applied delta ends 1970-01-03, but the oldest delta .* starts 1970-01-21/,
    );
    expect(plan.gap).toContain('The full export is needed: npm run import:off');
    expect(plan.toApply).toHaveLength(1);
  });

  it('finds no gap on a first sync (the deltas hold the last 14 days)', () => {
    const plan = planSync([delta(20 * day, 21 * day)], noSyncYet);
    expect(plan.gap).toBeNull();
    expect(plan.firstSync).toBe(true);
  });
});

describe('nextSyncDueAt', () => {
  const startedAt = '2026-11-27T03:00:00.000Z';
  const finishedAt = '2026-11-27T03:05:00.000Z';
  const sync = (state: 'completed' | 'failed') => ({
    syncId: crypto.randomUUID(),
    startedAt,
    finishedAt,
    state,
    applied: [],
    counts: {
      rowsRead: 0,
      imported: 0,
      updated: 0,
      unchanged: 0,
      skipped: { 'no barcode': 0, 'not food': 0, 'no name': 0, malformed: 0 },
    },
    gap: null,
    error: null,
  });
  it('is a day after a completed sync started, an hour after one that did not complete', () => {
    const now = new Date(finishedAt);
    expect(nextSyncDueAt(sync('completed'), now).getTime()).toBe(Date.parse(startedAt) + SYNC_EVERY_MS);
    expect(nextSyncDueAt(sync('failed'), now).getTime()).toBe(Date.parse(finishedAt) + SYNC_RETRY_MS);
    expect(nextSyncDueAt(null, now)).toBe(now);
  });
});
