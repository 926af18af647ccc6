import type { AppContext } from '../../http/context';
import { offUserAgent } from '../../config/off-env';
import { offReadApi } from '../off-live';
import { sendDueContributions, type GiveBackOptions } from './give-back';
import { offApiTarget } from './off-write-api';

/** How often each API process looks for labels to send. */
export const GIVE_BACK_EVERY_MS = 30_000;
const WRITE_TIMEOUT_MS = 30_000;

/** The sender's settings from the environment (`OFF_CONTRIBUTE=true` guarantees the account). */
export function giveBackOptions(env: AppContext['env'], signal?: AbortSignal): GiveBackOptions {
  const userAgent = offUserAgent(env);
  return {
    write: {
      apiUrl: env.OFF_API_URL,
      userAgent,
      userId: env.OFF_USER_ID ?? '',
      password: env.OFF_PASSWORD ?? '',
      timeoutMs: WRITE_TIMEOUT_MS,
    },
    read: offReadApi({
      apiUrl: offApiTarget(env.OFF_API_URL).base,
      userAgent,
      allowPrivateNetwork: env.OFF_ALLOW_PRIVATE_NETWORK,
    }),
    leaseMs: 2 * WRITE_TIMEOUT_MS,
    maxAttempts: 8,
    ...(signal ? { signal } : {}),
  };
}

/**
 * `OFF_CONTRIBUTE=true`: every API process sends the due labels now and then, one pass at a time;
 * processes share the work through the outbox's row claims. The user's request only recorded an
 * event: nothing here is ever in its way. Returns what stops it (a POST under way is abandoned,
 * and its label checked with OFF after the lease).
 */
export function scheduleGiveBack(ctx: AppContext, everyMs = GIVE_BACK_EVERY_MS): () => Promise<void> {
  const stop = new AbortController();
  const options = giveBackOptions(ctx.env, stop.signal);
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= sendDueContributions(ctx, options)
      .then((summary) => {
        if (summary.sent + summary.rejected + summary.retrying + summary.failed > 0)
          ctx.logger.info({ giveBack: summary }, 'OFF give-back: labels sent');
      })
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'OFF give-back: could not run'))
      .finally(() => (running = null));
  };
  const timer = setInterval(pass, everyMs).unref();
  pass();
  return async () => {
    clearInterval(timer);
    stop.abort();
    await running;
  };
}
