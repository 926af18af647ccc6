import pg from 'pg';
import { createDb } from '@labelwise/projections';
import { createPostgresEventStore } from '@labelwise/event-store';
import { runTsFilter } from '../core/child-process';
import type { Row } from '../core/report';
import type { RunContext } from '../core/run-context';
import type { Section } from '../core/section';
import type { Dataset } from '../dataset/load-dataset';
import { waitCaughtUp } from '../dataset/wait-caught-up';
import { freshProfileDir, resetStatements, topFunctions, topStatements } from '../core/profiles';
import type { AdminReadReplicaResponse, HealthResponse } from '@labelwise/domain';
import { waitFor } from '@labelwise/runtime';
import { postmasterPid, treeCpuSeconds } from '../core/cpu';
import { fmt } from '../support';
import { describeLoad, load } from './api-load';
import type { BenchUser, JourneyPlan, JourneyResult } from './journey-types';
import { startBenchIdentity, startScanStack, type BenchIdentity, type Topology } from './scan-stack';

const TARGET_MAX = 1000;
const TARGET_P99_MS = 50;
const CONCURRENCY = 64;
const FREE_SHARE = 0.1;
const NEW_PRODUCT_SHARE = 0.1;
const SCAN_LIMIT = 10;
/** Figure 5's POST /api/users/scanned-products in the performance log's full run of 23 November 2026 (docs/performance-log.md). */
const SINGLE_USER_BEFORE_RPS = 67;
const TOPOLOGIES: Topology[] = [
  { apiProcesses: 1, workers: 1 },
  { apiProcesses: 2, workers: 2 },
  { apiProcesses: 1, workers: 1, replica: true },
];

const describeTopology = ({ apiProcesses, workers, replica }: Topology) =>
  `${apiProcesses} API process${apiProcesses > 1 ? 'es' : ''} + ${workers} worker${workers > 1 ? 's' : ''}${replica ? ' + a read replica' : ''}`;

/** Runs `task` over `items`, `concurrency` at a time. */
async function inParallel<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

async function call(url: string, user: BenchUser | string, method: string, path: string, body?: unknown) {
  const token = typeof user === 'string' ? user : user.token;
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, text: await res.text() };
}

/** Registers every user (their first signed-in call) and makes all but the free ones Premium. */
async function prepareUsers(url: string, admin: BenchUser, users: BenchUser[], free: Set<string>) {
  const periodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const tokens = [admin, ...users, 'mock-token'];
  await inParallel(tokens, 16, async (user) => {
    const res = await call(url, user, 'GET', '/api/user/profile');
    if (res.status !== 200) throw new Error(`registering a bench user: ${res.status} ${res.text}`);
  });
  const premium = [...users.filter((user) => !free.has(user.uid)).map((user) => user.uid), 'mock-user'];
  await inParallel(premium, 16, async (uid) => {
    const res = await call(url, admin, 'POST', `/api/admin/users/${uid}/premium`, {
      plan: 'monthly',
      periodEnd,
    });
    if (res.status !== 200) throw new Error(`granting Premium: ${res.status} ${res.text}`);
  });
}

/** Every free user sends one scan more than the allowance, all at once: exactly the allowance may pass. */
async function allowanceBurst(url: string, freeUsers: BenchUser[], productId: number) {
  const accepted: Record<string, number> = {};
  const refused: Record<string, number> = {};
  await inParallel(freeUsers, 8, async (user) => {
    const answers = await Promise.all(
      Array.from({ length: SCAN_LIMIT + 1 }, () =>
        call(url, user, 'POST', '/api/users/scanned-products', {
          productId,
          scannedAt: new Date().toISOString(),
        }),
      ),
    );
    accepted[user.uid] = answers.filter((a) => a.status < 300).length;
    refused[user.uid] = answers.filter(
      (a) => a.status === 403 && a.text.includes('SCAN_LIMIT_REACHED'),
    ).length;
  });
  return { accepted, refused };
}

const add = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [key, value] of Object.entries(from)) into[key] = (into[key] ?? 0) + value;
};

async function scanEventsPerUser(databaseUrl: string, prefix: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ stream_id: string; scans: string }>(
      `select stream_id, count(*) as scans from events
        where type = 'ScanRecorded' and stream_id like $1 group by stream_id`,
      [`user-${prefix}-%`],
    );
    return Object.fromEntries(rows.map((row) => [row.stream_id.slice('user-'.length), Number(row.scans)]));
  } finally {
    await client.end();
  }
}

async function measureTopology(
  ctx: RunContext,
  dataset: Dataset,
  identity: BenchIdentity,
  topology: Topology,
  userCount: number,
): Promise<Row[]> {
  const { plan } = dataset;
  const label = describeTopology(topology);
  const prefix = `bench${topology.apiProcesses}x${topology.workers}${topology.replica ? 'r' : ''}`;
  const db = createDb(dataset.url, { max: 2 });
  const store = await createPostgresEventStore(dataset.url, { max: 2 });
  ctx.progress(`${label}: starting`);
  const postgres = await ctx.postgres();
  const replica = topology.replica ? await postgres.replica() : undefined;
  const cpuProfileDir = freshProfileDir(ctx.profile, prefix);
  const workerCpuProfileDir = freshProfileDir(ctx.profile, `${prefix}-worker`);
  const stack = await startScanStack({
    databaseUrl: dataset.url,
    identity,
    topology,
    cpuProfileDir,
    readUrls: replica?.url(new URL(dataset.url).pathname.slice(1)),
    workerCpuProfileDir,
    caughtUp: (worker) => waitCaughtUp({ db, store, worker, progress: ctx.progress, timeoutMs: 30 * 60_000 }),
  }).catch(async (error: unknown) => {
    await replica?.remove();
    throw error;
  });
  const worker = stack.children[0]!;
  try {
    // Starter data the API seeded at boot.
    await waitCaughtUp({ db, store, worker, progress: ctx.progress, timeoutMs: 120_000 });
    const users = await identity.users(prefix, userCount);
    const [admin] = await identity.users(`${prefix}-admin`, 1, { admin: true });
    const freeUsers = users.slice(0, Math.max(1, Math.round(userCount * FREE_SHARE)));
    const free = new Set(freeUsers.map((user) => user.uid));
    ctx.progress(
      `${label}: registering ${fmt(userCount)} users, ${fmt(userCount - free.size)} of them Premium`,
    );
    await prepareUsers(stack.url, admin!, users, free);

    ctx.progress(`${label}: ${free.size} free users each send ${SCAN_LIMIT + 1} scans at once`);
    const burst = await allowanceBurst(stack.url, freeUsers, plan.firstProductId);
    const accepted = { ...burst.accepted };
    const refused = { ...burst.refused };

    const rows: Row[] = [];
    const seconds = ctx.sizes.apiSeconds;
    if (topology.apiProcesses === 1 && !topology.replica) {
      ctx.progress(`single-user path of today (mock user, 10 connections), ${seconds} s`);
      const single = await load({
        url: stack.url,
        seconds,
        connections: 10,
        method: 'POST',
        headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
        next: (n) => ({
          path: '/api/users/scanned-products',
          body: JSON.stringify({
            productId: plan.firstProductId + ((n * 104_729) % plan.products),
            scannedAt: new Date().toISOString(),
          }),
        }),
      });
      rows.push({
        measure: 'POST /api/users/scanned-products, one mock user (the path of before)',
        ours: `max ${describeLoad(single)}`,
        peer: '',
        target: `no slower than before (max ${SINGLE_USER_BEFORE_RPS} rps in the last full run before issue 20)`,
        met: single.rps >= SINGLE_USER_BEFORE_RPS,
        values: { maxRps: single.rps, p50Ms: single.p50Ms, p99Ms: single.p99Ms },
      });
    }

    const journeys = async (mode: JourneyPlan['mode']) => {
      const journeyPlan: JourneyPlan = {
        url: stack.url,
        mode,
        seconds,
        warmupSeconds: 1,
        concurrency: CONCURRENCY,
        rate: ctx.sizes.scanRate,
        users,
        products: { first: plan.firstProductId, count: plan.products },
        newProductShare: NEW_PRODUCT_SHARE,
        tag: `${prefix}-${mode}`,
        seed: ctx.seed,
      };
      ctx.progress(
        `${label}: scan journeys by ${fmt(userCount)} users, ${mode === 'max' ? `${CONCURRENCY} at a time` : `${ctx.sizes.scanRate}/s`}, ${seconds} s`,
      );
      const result = JSON.parse(
        await runTsFilter('bench/src/figures/journey-client.ts', JSON.stringify(journeyPlan)),
      ) as JourneyResult;
      add(accepted, result.accepted);
      add(refused, result.refused);
      return result;
    };
    if (ctx.profile) await resetStatements(dataset.url);
    const readsOnReplica = async () => {
      if (!topology.replica) return 0;
      const res = await call(stack.url, admin!, 'GET', '/api/admin/read-replicas');
      return (JSON.parse(res.text) as AdminReadReplicaResponse[])[0]!.reads;
    };
    if (topology.replica)
      await waitFor(
        async () =>
          (JSON.parse((await call(stack.url, admin!, 'GET', '/api/health')).text) as HealthResponse)
            .readReplicas[0]?.state === 'in use',
        'the API to read from the replica',
        60_000,
      );
    const replicaReadsBefore = await readsOnReplica();
    const max = await journeys('max');
    // What each part of the stack spends per journey, at the steady rate (a process's children included).
    const servers = [postgres.dataDir, ...(replica ? [replica.dataDir] : [])].map(postmasterPid);
    const cpu = () =>
      [...stack.children, ...servers.map((pid) => ({ pid }))].map((p) => treeCpuSeconds(p.pid));
    const cpuBefore = cpu();
    const paced = await journeys('paced');
    const spent = cpu().map((after, i) => after - cpuBefore[i]!);
    const pacedJourneys = Object.entries(paced.statuses)
      .filter(([call]) => call.startsWith('POST /api/users/scanned-products '))
      .reduce((sum, [, count]) => sum + count, 0);
    const msPerJourney = (seconds: number) => Math.round((seconds / pacedJourneys) * 1e4) / 10;
    const workerCount = stack.children.length - 1;
    const perJourney = {
      workerMs: msPerJourney(spent.slice(0, workerCount).reduce((sum, s) => sum + s, 0)),
      apiMs: msPerJourney(spent[workerCount]!),
      primaryMs: msPerJourney(spent[workerCount + 1]!),
      ...(replica ? { replicaMs: msPerJourney(spent[workerCount + 2]!) } : {}),
    };
    const replicaReads = (await readsOnReplica()) - replicaReadsBefore;
    const refetches = [max, paced]
      .flatMap((r) => Object.entries(r.statuses))
      .reduce((sum, [call, count]) => (call.startsWith('GET ') ? sum + count : sum), 0);
    const statements = ctx.profile ? await topStatements(dataset.url, 12) : [];

    await waitCaughtUp({ db, store, worker, progress: ctx.progress, timeoutMs: 120_000 });
    const recorded = await scanEventsPerUser(dataset.url, prefix);
    const answered = Object.values(accepted).reduce((sum, n) => sum + n, 0);
    const events = Object.values(recorded).reduce((sum, n) => sum + n, 0);
    const unanswered = max.errors + paced.errors;
    const mismatched = users.filter((user) => (recorded[user.uid] ?? 0) !== (accepted[user.uid] ?? 0));
    const allowanceBroken = freeUsers.filter(
      (user) => recorded[user.uid] !== SCAN_LIMIT || (refused[user.uid] ?? 0) < 1,
    );
    const premiumRefused = users.filter((user) => !free.has(user.uid) && (refused[user.uid] ?? 0) > 0);
    const checked = max.checkedRefetches + paced.checkedRefetches;
    const stale = max.staleRefetches + paced.staleRefetches;

    const journeyLine = (r: JourneyResult) =>
      `scan p50 ${r.scanP50Ms} ms, p99 ${r.scanP99Ms} ms (refetches p99 ${r.refetchP99Ms} ms, new product p99 ${r.createP99Ms} ms)`;
    rows.push(
      {
        measure: `scan journey, ${fmt(userCount)} users, ${label}: max`,
        ours: `${fmt(max.commandsPerSecond)} scan commands/s (${fmt(max.acceptedPerSecond)} accepted/s); ${journeyLine(max)}`,
        peer: '',
        target: `≥ ${fmt(TARGET_MAX)} scan commands/s`,
        met: max.commandsPerSecond >= TARGET_MAX,
        values: { ...pick(max), topology: label, users: userCount },
      },
      {
        measure: `scan journey, ${fmt(userCount)} users, ${label}: at ${ctx.sizes.scanRate} scans/s`,
        ours:
          `${fmt(paced.commandsPerSecond)} scan commands/s; ${journeyLine(paced)}; ${keptUp(paced)}; ` +
          `CPU per journey: API ${perJourney.apiMs} ms, workers ${perJourney.workerMs} ms, PostgreSQL ${perJourney.primaryMs} ms` +
          ('replicaMs' in perJourney ? `, the replica ${perJourney.replicaMs} ms` : ''),
        peer: '',
        target: `p99 ≤ ${TARGET_P99_MS} ms per scan command, read-your-writes included`,
        met: paced.scanP99Ms <= TARGET_P99_MS && paced.commandsPerSecond >= ctx.sizes.scanRate * 0.95,
        values: { ...pick(paced), ...perJourney, topology: label, users: userCount },
      },
      {
        measure: `scan journey, ${label}: the rules under load`,
        ours:
          `${fmt(answered)} scans answered 2xx, ${fmt(events)} ScanRecorded events (${mismatched.length} users differ, ${unanswered} calls unanswered); ` +
          `${free.size} free users: ${free.size - allowanceBroken.length} with exactly ${SCAN_LIMIT} scans and the next refused; ` +
          `${premiumRefused.length} Premium users refused; ` +
          `${fmt(stale)} stale reads in ${fmt(checked)} refetches after an accepted scan` +
          (topology.replica
            ? `; the replica answered ${fmt(replicaReads)} reads for the ${fmt(refetches)} refetch requests, the primary the rest`
            : ''),
        peer: '',
        target: 'no accepted scan lost; every free allowance exact; 0 stale reads of one’s own scan',
        met:
          mismatched.length === 0 &&
          allowanceBroken.length === 0 &&
          premiumRefused.length === 0 &&
          stale === 0 &&
          checked > 0,
        values: {
          answered,
          events,
          mismatchedUsers: mismatched.length,
          allowanceBroken: allowanceBroken.length,
          checkedRefetches: checked,
          staleRefetches: stale,
          ...(topology.replica ? { replicaReads, refetchRequests: refetches } : {}),
        },
      },
    );
    if (cpuProfileDir && workerCpuProfileDir)
      profiles.push({ label, statements, cpuProfileDir, workerCpuProfileDir });
    return rows;
  } finally {
    for (const child of stack.children.reverse()) await child.stop();
    await replica?.remove();
    await store.close();
    await db.destroy();
  }
}

/** What --profile found for one topology: its busiest statements, and where the API's and the workers' CPU profiles are. */
const profiles: Array<{
  label: string;
  statements: string[];
  cpuProfileDir: string;
  workerCpuProfileDir: string;
}> = [];

/** Whether a paced run held its rate: a p50 that doubles from the first third to the last is a queue growing. */
const keptUp = (r: JourneyResult) =>
  `${r.scanP50LastThirdMs > 2 * r.scanP50FirstThirdMs ? 'fell behind' : 'kept up'}: p50 ${r.scanP50FirstThirdMs} ms in the first third, ${r.scanP50LastThirdMs} ms in the last`;

const pick = (r: JourneyResult) => ({
  commandsPerSecond: r.commandsPerSecond,
  acceptedPerSecond: r.acceptedPerSecond,
  scanP50Ms: r.scanP50Ms,
  scanP99Ms: r.scanP99Ms,
  scanP50FirstThirdMs: r.scanP50FirstThirdMs,
  scanP50LastThirdMs: r.scanP50LastThirdMs,
  refetchP99Ms: r.refetchP99Ms,
  createP99Ms: r.createP99Ms,
  errors: r.errors,
});

/**
 * Issue 20: the scan journey by many signed-in users with real RS256 ID tokens, on one
 * API process and one worker, then on two of each, with the single-user path of before beside it.
 */
export const scansSection: Section = {
  id: 'scans',
  title: '5b. Scan journey by many users',
  async run(ctx, notes) {
    const dataset = await ctx.dataset();
    const identity = await startBenchIdentity();
    const userCount = ctx.sizes.scanUsers;
    const rows: Row[] = [];
    try {
      for (const topology of ctx.topologies ?? TOPOLOGIES)
        rows.push(...(await measureTopology(ctx, dataset, identity, topology, userCount)));
    } finally {
      await identity.stop();
    }
    for (const { label, statements, cpuProfileDir, workerCpuProfileDir } of profiles.splice(0)) {
      notes.push(
        `Profile, ${label}: API CPU by function (self time, whole run) ${topFunctions(cpuProfileDir, 15).join('; ')}.`,
        `Profile, ${label}: worker CPU by function (self time, from the history caught up on) ${topFunctions(workerCpuProfileDir, 15).join('; ')}.`,
        `Profile, ${label}: PostgreSQL statements during the journeys: ${statements.join(' | ')}.`,
      );
    }
    notes.push(
      `${fmt(userCount)} users per topology, each with an ID token signed by a local RSA key the API trusts as it trusts Google's (AUTH_TRUSTED_TEST_KEYS: RS256 signature, kid, issuer, audience, lifetime checked on every call), accounts in the Auth Emulator, which the API asks about revoked sessions at most once per user per AUTH_SESSION_CHECK_SECONDS. ${Math.round(FREE_SHARE * 100)}% of them are free (${SCAN_LIMIT} scans a month), the rest Premium. A journey is what the app does for a scan: ${Math.round(NEW_PRODUCT_SHARE * 100)}% start with POST /api/products (a product nobody added), then POST /api/users/scanned-products (of one of the ${fmt(dataset.plan.products)} existing products otherwise), then GET /api/user-stats and GET /api/users/scanned-products together. "max" runs ${CONCURRENCY} journeys at a time, users in turn; "at ${ctx.sizes.scanRate} scans/s" starts one journey every ${fmt(1000 / ctx.sizes.scanRate, 1)} ms whatever the answers do, latency from the scheduled start. Scan latency is the POST's, read-your-writes included. Both run in a client process of their own after 1 s of warm-up. Before them every free user sends ${SCAN_LIMIT + 1} scans at once; afterwards the ScanRecorded events of each user are counted against the 2xx answers it got. Two API processes are backend/src/server/cluster.ts (Node's cluster module, round-robin); two workers split PROJECTIONS between them. "A read replica": a streaming replica of the whole server on the same machine (PostgreSQL's low-level base backup, a replication slot), which the API reads the read tables from (DATABASE_READ_URLS); each user's client keeps the read-after-writes cookie as a browser would. A stale read is an accepted scan whose two refetches answer 200 without it (the month's count below the scan's answer, or the product missing from the history with that scan), counted in every topology, warm-up included. The single-user line is the figure of before (one mock user, 10 connections, POST only).`,
    );
    return rows;
  },
};
