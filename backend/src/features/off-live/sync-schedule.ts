import { streams, nextSyncDueAt, offSyncDecider, assessIngredients } from '@labelwise/domain';
import { loadState } from '@labelwise/event-store';
import { LOCK_CLASS, LockSession } from '@labelwise/projections';
import { createIdAllocator } from '../../db/id-allocator';
import type { AppContext } from '../../http/context';
import { offUserAgent } from '../../config/off-env';
import { describeSync, syncOff } from './sync-off';

/** How often each API process looks whether a sync is due. */
export const SYNC_CHECK_EVERY_MS = 10 * 60_000;
const LOCK_NAME = 'off-sync';

/** When the next scheduled sync is due, from what the `off-sync` stream says. */
export async function offSyncDueAt(ctx: Pick<AppContext, 'store' | 'streamStates' | 'clock'>): Promise<Date> {
  const { lastSync } = await loadState(ctx.store, offSyncDecider, streams.offSync(), ctx.streamStates);
  return nextSyncDueAt(lastSync, ctx.clock());
}

/**
 * `OFF_SYNC=daily`: every API process checks now and then whether a sync is due (a day after the
 * last one started, an hour after one that did not complete) and runs it under a PostgreSQL
 * advisory lock, so one process syncs at a time; the others find it done when they next look.
 * Returns what stops it (an ongoing sync stops after its current batch).
 */
export function scheduleOffSync(
  ctx: AppContext,
  databaseUrl: string,
  checkEveryMs = SYNC_CHECK_EVERY_MS,
): () => Promise<void> {
  const stop = new AbortController();
  const isDue = async () => (await offSyncDueAt(ctx)) <= ctx.clock();

  async function syncWhenDue() {
    if (!(await isDue())) return;
    const locks = await LockSession.open(databaseUrl);
    try {
      if (!(await locks.tryAcquire(LOCK_CLASS.offSync, LOCK_NAME))) return;
      // Another process may have synced between the look and the lock.
      if (!(await isDue())) return;
      const summary = await syncOff(
        {
          db: ctx.db,
          store: ctx.store,
          ids: createIdAllocator(ctx.db),
          assess: assessIngredients,
          clock: ctx.clock,
        },
        {
          staticUrl: ctx.env.OFF_STATIC_URL,
          userAgent: offUserAgent(ctx.env),
          allowPrivateNetwork: ctx.env.OFF_ALLOW_PRIVATE_NETWORK,
          signal: AbortSignal.any([stop.signal, locks.lost]),
        },
      );
      ctx.logger.info({ sync: summary }, describeSync(summary));
    } finally {
      await locks.close();
    }
  }

  let running: Promise<void> | null = null;
  const check = () => {
    running ??= syncWhenDue()
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'OFF sync: could not run'))
      .finally(() => (running = null));
  };
  const timer = setInterval(check, checkEveryMs).unref();
  check();
  return async () => {
    clearInterval(timer);
    stop.abort();
    await running;
  };
}
