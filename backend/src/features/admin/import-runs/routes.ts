import { Router } from 'express';
import { notFound } from '@labelwise/domain';
import type { AppContext } from '../../../http/context';
import { listRoute } from '../http/list-query';
import { findImportRun, importRunList, listImportRuns } from './import-run-queries';

/** `GET /admin/import-runs[/:id]`: Open Food Facts import runs (`npm run import:off`), newest first. */
export function adminImportRunsRouter(ctx: AppContext): Router {
  const router = Router();
  listRoute(router, 'import-runs', importRunList, (query) => listImportRuns(ctx.db, query));
  router.get('/import-runs/:id', async (req, res) => {
    const run = await findImportRun(ctx.db, req.params.id);
    if (!run) throw notFound('IMPORT_RUN_NOT_FOUND', 'No import run with this id.');
    res.json(run);
  });
  return router;
}
