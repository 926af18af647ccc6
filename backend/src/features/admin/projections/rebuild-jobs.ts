import { randomUUID } from 'node:crypto';
import { conflict, type AdminRebuildJobResponse } from '@labelwise/domain';
import { rebuildAll, type ProjectionDefinition } from '@labelwise/projections';
import type { AppContext } from '../../../http/context';

/** A rebuild as the console polls it. */
export type RebuildJob = AdminRebuildJobResponse;

const KEPT_JOBS = 20;

/**
 * Rebuilds started from the console, run in this API process with the engine's `rebuildAll`
 * (the CLI's function) and remembered here so the console can poll their progress. One at a
 * time per process; the engine's advisory lock also refuses a rebuild the CLI is running.
 */
export function createRebuildJobs(ctx: AppContext, registered: ProjectionDefinition[]) {
  const jobs: RebuildJob[] = [];

  function start(names: string[], adminUid: string): RebuildJob {
    if (jobs.some((job) => job.state === 'running')) {
      throw conflict('REBUILD_RUNNING', 'A rebuild is already running. Wait for it to finish.');
    }
    const selected = names.map((name) => registered.find((p) => p.name === name)!);
    const job: RebuildJob = {
      id: randomUUID(),
      projections: names,
      state: 'running',
      startedBy: adminUid,
      startedAt: ctx.clock().toISOString(),
      finishedAt: null,
      progress: null,
      completed: [],
      error: null,
    };
    jobs.unshift(job);
    jobs.splice(KEPT_JOBS);
    ctx.logger.info({ projections: names, actor: adminUid }, 'admin: projection rebuild started');
    rebuildAll({
      db: ctx.db,
      store: ctx.store,
      projections: selected,
      databaseUrl: ctx.env.DATABASE_URL!,
      onProgress: (progress) => {
        job.progress = progress;
        if (progress.phase !== 'done') return;
        const { projection: name, processed, eventsPerSecond } = progress;
        job.completed.push({
          name,
          processed,
          seconds: eventsPerSecond > 0 ? processed / eventsPerSecond : 0,
        });
      },
    })
      .then(() => {
        job.state = 'done';
      })
      .catch((error: unknown) => {
        job.state = 'failed';
        job.error = error instanceof Error ? error.message : String(error);
        ctx.logger.error({ err: error, projections: names }, 'admin: projection rebuild failed');
      })
      .finally(() => {
        job.finishedAt = ctx.clock().toISOString();
      });
    return job;
  }

  return {
    start,
    list: (): readonly RebuildJob[] => jobs,
    find: (id: string) => jobs.find((job) => job.id === id),
  };
}
export type RebuildJobs = ReturnType<typeof createRebuildJobs>;
