import { Router } from 'express';
import { sql } from 'kysely';
import type { AppContext } from '../../http/context';

async function timed<T>(
  run: () => Promise<T>,
): Promise<{ ok: boolean; latencyMs: number; value?: T; error?: string }> {
  const started = performance.now();
  try {
    const value = await run();
    return { ok: true, latencyMs: Math.round(performance.now() - started), value };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

/** Public runtime configuration for the browser apps, and the health report. */
export function systemRouter(ctx: AppContext): Router {
  const router = Router();
  const emulator = ctx.env.FIREBASE_AUTH_EMULATOR_HOST;

  router.get('/config', (_req, res) => {
    res.json({
      firebase: {
        apiKey: process.env.FIREBASE_WEB_API_KEY ?? 'demo-api-key',
        authDomain: process.env.FIREBASE_AUTH_DOMAIN ?? `${ctx.env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
        projectId: ctx.env.FIREBASE_PROJECT_ID,
      },
      authEmulatorUrl: emulator ? `http://${emulator}` : null,
      payments: {
        mode: ctx.env.STRIPE_SECRET_KEY ? 'stripe' : 'test',
        publishableKey: ctx.env.STRIPE_PUBLISHABLE_KEY ?? null,
      },
      scanLimit: ctx.env.SCAN_LIMIT,
    });
  });

  router.get('/health', async (_req, res) => {
    const [database, eventStore, auth, projections] = await Promise.all([
      timed(() => sql`select 1`.execute(ctx.db)),
      timed(() => ctx.store.headPosition()),
      timed(async () => {
        if (!(await ctx.auth.ping())) throw new Error('not answering');
      }),
      timed(() => ctx.projectionHealth()),
    ]);
    const parked = projections.value?.some((p) => p.state === 'parked') ?? false;
    const healthy = database.ok && eventStore.ok && auth.ok && projections.ok && !parked;
    res.status(database.ok && eventStore.ok ? 200 : 503).json({
      status: healthy ? 'ok' : 'degraded',
      database: { ok: database.ok, latencyMs: database.latencyMs, error: database.error },
      eventStore: {
        ok: eventStore.ok,
        kind: ctx.env.EVENT_STORE,
        head: eventStore.value ? String(eventStore.value.prepare) : null,
        error: eventStore.error,
      },
      auth: { ok: auth.ok, provider: ctx.auth.provider, error: auth.error },
      projections: projections.value ?? [],
    });
  });

  return router;
}
