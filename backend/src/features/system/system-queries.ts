import { sql } from 'kysely';
import type { HealthResponse, RuntimeConfigResponse } from '@labelwise/domain';
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

/** Public runtime configuration for the browser apps: Firebase project, auth emulator, payment mode, scan limit. */
export function runtimeConfig(env: AppContext['env']): RuntimeConfigResponse {
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST;
  return {
    firebase: {
      apiKey: env.FIREBASE_WEB_API_KEY ?? 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      projectId: env.FIREBASE_PROJECT_ID,
    },
    authEmulatorUrl: emulator ? `http://${emulator}` : null,
    payments: {
      mode: env.STRIPE_SECRET_KEY ? 'stripe' : 'test',
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    },
    scanLimit: env.SCAN_LIMIT,
    offContribute: env.OFF_CONTRIBUTE,
  };
}

/**
 * Probes the database, the event store, the auth provider and the projections, and says how the
 * read tables' replicas stand (as this process last looked). `serving` is false (answer 503) when
 * the database or the event store does not answer; a replica left out only makes it `degraded`,
 * since the primary answers its reads.
 */
export async function healthReport(
  ctx: Pick<AppContext, 'db' | 'store' | 'auth' | 'env' | 'projectionHealth' | 'replicas'>,
): Promise<{ serving: boolean; report: HealthResponse }> {
  const [database, eventStore, auth, projections] = await Promise.all([
    timed(() => sql`select 1`.execute(ctx.db)),
    timed(() => ctx.store.headPosition()),
    timed(async () => {
      if (!(await ctx.auth.ping())) throw new Error('not answering');
    }),
    timed(() => ctx.projectionHealth()),
  ]);
  const parked = projections.value?.some((p) => p.state === 'parked') ?? false;
  const readReplicas = (ctx.replicas?.status() ?? []).map(({ name, state, lagSeconds }) => ({
    name,
    state,
    lagSeconds,
  }));
  const replicasFit = readReplicas.every(
    (replica) => replica.state === 'in use' || replica.state === 'ready',
  );
  const healthy = database.ok && eventStore.ok && auth.ok && projections.ok && !parked && replicasFit;
  return {
    serving: database.ok && eventStore.ok,
    report: {
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
      readReplicas,
    },
  };
}

/**
 * The health report as anyone but an administrator sees it: the same states and figures, without
 * the error texts, which can carry connection strings, hosts and projection failures.
 */
export function withoutInternalDetails(report: HealthResponse): HealthResponse {
  return {
    ...report,
    database: { ok: report.database.ok, latencyMs: report.database.latencyMs },
    eventStore: { ok: report.eventStore.ok, kind: report.eventStore.kind, head: report.eventStore.head },
    auth: { ok: report.auth.ok, provider: report.auth.provider },
    // A stream's name may name a person (`username-…`).
    projections: report.projections.map((projection) => ({
      ...projection,
      lastError: null,
      failingEvent: projection.failingEvent && { ...projection.failingEvent, stream: null },
    })),
  };
}
