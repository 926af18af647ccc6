import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchings, createProjectionSpec, type ProjectionSpec } from '../../testing/projection-spec';
import { importRunsProjection } from './projection';

const runId = '0b7c9e1e-4f57-4d36-9a43-5c1f1bb0c001';
const other = '0b7c9e1e-4f57-4d36-9a43-5c1f1bb0c002';
const counts = {
  rowsRead: 910,
  imported: 880,
  updated: 20,
  unchanged: 5,
  skipped: { 'no barcode': 2, 'not food': 1, 'no name': 1, malformed: 1 },
};

describe.each(batchings)('import_runs, %s', (batching) => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await createProjectionSpec(importRunsProjection, batching);
  });
  afterAll(async () => {
    await spec?.close();
  });
  beforeEach(async () => {
    await spec.reset();
  });
  const started = (id: string, source: string) =>
    spec.event('ImportRunStarted', {
      runId: id,
      source,
      format: 'csv',
      startedAt: '2026-03-01T09:00:00.000Z',
    });

  it('shows a run as running with zero counts, then how it ended with its counts', async () => {
    await spec.apply([started(runId, 'export.csv.gz'), started(other, '-')]);
    expect(await spec.rows('import_runs', 'run_id')).toEqual([
      expect.objectContaining({
        run_id: runId,
        source: 'export.csv.gz',
        format: 'csv',
        state: 'running',
        started_at: new Date('2026-03-01T09:00:00.000Z'),
        finished_at: null,
        rows_read: '0',
        skipped: { 'no barcode': 0, 'not food': 0, 'no name': 0, malformed: 0 },
      }),
      expect.objectContaining({ run_id: other, state: 'running' }),
    ]);
    await spec.apply([
      spec.event('ImportRunFinished', {
        runId,
        state: 'interrupted',
        counts,
        finishedAt: '2026-03-01T09:05:00.000Z',
        error: null,
      }),
    ]);
    expect(await spec.rows('import_runs', 'run_id')).toEqual([
      {
        run_id: runId,
        source: 'export.csv.gz',
        format: 'csv',
        state: 'interrupted',
        started_at: new Date('2026-03-01T09:00:00.000Z'),
        finished_at: new Date('2026-03-01T09:05:00.000Z'),
        rows_read: '910',
        imported: '880',
        updated: '20',
        unchanged: '5',
        skipped: counts.skipped,
        error: null,
      },
      expect.objectContaining({ run_id: other, state: 'running', finished_at: null }),
    ]);
  });

  it('records a run that started and failed in one batch with its error', async () => {
    await spec.apply([
      started(runId, 'https://example.org/x.jsonl.gz'),
      spec.event('ImportRunFinished', {
        runId,
        state: 'failed',
        counts: { ...counts, rowsRead: 3 },
        finishedAt: '2026-03-01T09:00:01.000Z',
        error: 'connection reset',
      }),
    ]);
    expect(await spec.rows('import_runs', 'run_id')).toEqual([
      expect.objectContaining({ run_id: runId, state: 'failed', rows_read: '3', error: 'connection reset' }),
    ]);
  });
});
