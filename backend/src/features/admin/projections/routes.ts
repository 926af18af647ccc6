import { Router } from 'express';
import { z } from 'zod';
import { notFound } from '@labelwise/domain';
import { projectionStatus, projections, skipFailingEvent } from '@labelwise/projections';
import { parseInput } from '../../../http/validate';
import type { AppContext } from '../../../http/context';
import { idList, listRoute, pageOf } from '../http/list-query';
import { reasonSchema, stringId } from '../../../http/params';
import { createRebuildJobs } from './rebuild-jobs';

const names = projections.map((p) => p.name) as [string, ...string[]];
const projectionName = z.enum(names);

const rebuildSchema = z.strictObject({
  projections: z
    .array(projectionName)
    .min(1)
    .refine((list) => new Set(list).size === list.length, 'must not repeat a projection'),
});

const skipSchema = z.strictObject({
  position: z.string().regex(/^\d+\/\d+$/, "must be the failing event's position, as commit/prepare"),
  reason: reasonSchema,
});

/**
 * `GET /admin/projections[/:name]`: status, checkpoint, lag and parked errors of every projection.
 * `POST /admin/projections/:name/skips` ({position, reason}) moves a projection past the event it
 * is stopped at, recorded with the administrator and the reason.
 * `POST /admin/projection-rebuilds` ({projections: [...]}) starts a rebuild; `GET /admin/projection-rebuilds[/:id]` polls it.
 * `GET /admin/read-replicas`: the read tables' replicas as this process sees them (none without DATABASE_READ_URLS).
 */
export function adminProjectionsRouter(ctx: AppContext): Router {
  const router = Router();
  const jobs = createRebuildJobs(ctx, projections);

  async function statuses() {
    const rows = await projectionStatus(ctx.db, ctx.store, projections);
    return rows.map((row) => ({ id: row.name, ...row }));
  }

  listRoute(
    router,
    'projections',
    {
      filter: z.strictObject({ id: idList(z.string().max(100)) }),
      sortFields: ['name'],
      defaultSort: ['name', 'ASC'],
      defaultPageSize: 100,
    },
    async (query) => {
      const wanted = query.filter.id;
      return pageOf(
        (await statuses()).filter((row) => !wanted || wanted.includes(row.name)),
        query,
      );
    },
  );

  async function status(name: string) {
    const row = (await statuses()).find((status) => status.name === name);
    if (!row) throw notFound('PROJECTION_NOT_FOUND', `There is no projection called ${name}.`);
    return row;
  }

  router.get('/projections/:id', async (req, res) => {
    res.json(await status(stringId(req.params)));
  });

  router.post('/projections/:id/skips', async (req, res) => {
    const name = stringId(req.params);
    const projection = projections.find((p) => p.name === name);
    if (!projection) throw notFound('PROJECTION_NOT_FOUND', `There is no projection called ${name}.`);
    const { position, reason } = parseInput(skipSchema, req.body);
    const { db, store } = ctx;
    await skipFailingEvent({
      db,
      store,
      projection,
      position,
      reason,
      actor: req.user!.uid,
      now: ctx.clock(),
    });
    res.json(await status(name));
  });

  listRoute(
    router,
    'projection-rebuilds',
    {
      filter: z.strictObject({ id: idList(z.string().max(64)) }),
      sortFields: ['startedAt'],
      defaultSort: ['startedAt', 'DESC'],
    },
    (query) => {
      const wanted = query.filter.id;
      // The jobs are kept newest first.
      return pageOf(
        jobs
          .list()
          .filter((job) => !wanted || wanted.includes(job.id))
          .reverse(),
        query,
      );
    },
  );

  listRoute(
    router,
    'read-replicas',
    { filter: z.strictObject({}), sortFields: ['name'], defaultSort: ['name', 'ASC'] },
    (query) =>
      pageOf(
        (ctx.replicas?.status() ?? []).map((replica) => ({ id: replica.name, ...replica })),
        query,
      ),
  );

  router.get('/projection-rebuilds/:id', (req, res) => {
    const job = jobs.find(stringId(req.params));
    if (!job) throw notFound('REBUILD_NOT_FOUND', 'That rebuild is not known to this server.');
    res.json(job);
  });

  router.post('/projection-rebuilds', (req, res) => {
    const { projections: selected } = parseInput(rebuildSchema, req.body);
    res.status(202).json(jobs.start(selected, req.user!.uid));
  });

  return router;
}
