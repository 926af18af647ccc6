import { Router } from 'express';
import {
  notFound,
  streams,
  type AdminOffSyncResponse,
  nextSyncDueAt,
  offSyncDecider,
} from '@labelwise/domain';
import { loadState } from '@labelwise/event-store';
import type { AppContext } from '../../../http/context';
import { listRoute } from '../http/list-query';
import { findImportRun, listImportRuns } from '@labelwise/projections/queries';
import { importRunList } from './import-run-queries';

/**
 * `GET /admin/import-runs[/:id]`: Open Food Facts import runs (`npm run import:off`, and one per
 * delta a sync applied), newest first. `GET /admin/off-sync`: the last sync and the next due.
 */
export function adminImportRunsRouter(ctx: AppContext): Router {
  const router = Router();
  listRoute(router, 'import-runs', importRunList, (query) => listImportRuns(ctx.reads, query));
  router.get('/import-runs/:id', async (req, res) => {
    const run = await findImportRun(ctx.reads, req.params.id);
    if (!run) throw notFound('IMPORT_RUN_NOT_FOUND', 'No import run with this id.');
    res.json(run);
  });
  router.get('/off-sync', async (_req, res) => {
    const { lastSync } = await loadState(ctx.store, offSyncDecider, streams.offSync(), ctx.streamStates);
    const schedule = ctx.env.OFF_SYNC;
    const answer: AdminOffSyncResponse = {
      schedule,
      lastSync: lastSync && {
        startedAt: lastSync.startedAt,
        finishedAt: lastSync.finishedAt,
        state: lastSync.state,
        applied: lastSync.applied,
        ...lastSync.counts,
        skippedTotal: Object.values(lastSync.counts.skipped).reduce((sum, n) => sum + n, 0),
        gap: lastSync.gap,
        error: lastSync.error,
      },
      nextDueAt: schedule === 'daily' ? nextSyncDueAt(lastSync, ctx.clock()).toISOString() : null,
    };
    res.json(answer);
  });
  return router;
}
