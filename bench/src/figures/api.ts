import type { HealthResponse } from '@labelwise/domain';
import { createDb } from '@labelwise/projections';
import { createPostgresEventStore } from '@labelwise/event-store';
import { freePort, waitFor } from '@labelwise/runtime';
import { runNode, runTsProcess, startWorkerProcess, type Child } from '../core/child-process';
import { postmasterPid, treeCpuSeconds } from '../core/cpu';
import type { Row } from '../core/report';
import type { Section } from '../core/section';
import { waitCaughtUp } from '../dataset/wait-caught-up';
import { fmt } from '../support';
import { describeLoad, load, paced, type LoadOptions } from './api-load';
import type { LoadResult } from './load-types';

const READ_RATE = 500;
const TARGET_P99_MS = 20;
const CONNECTIONS = 10;
const SEARCHES = ['milk chocolate', 'ginger', 'choclate', 'peanut butter cookies', 'tea', 'vanilla protein'];

/** A paced run with the CPU each read cost the API process and PostgreSQL (µs). */
type PacedReads = LoadResult & { apiCpuUs: number; postgresCpuUs: number };

const describePaced = (r: PacedReads) =>
  `p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}; CPU per read: API ${r.apiCpuUs} µs, PostgreSQL ${r.postgresCpuUs} µs`;

const pacedValues = (r: PacedReads) => ({
  pacedRps: r.rps,
  pacedP50Ms: r.p50Ms,
  pacedP99Ms: r.p99Ms,
  apiCpuUs: r.apiCpuUs,
  postgresCpuUs: r.postgresCpuUs,
});

const meetsTarget = (r: LoadResult) =>
  r.p99Ms <= TARGET_P99_MS && r.non2xx === 0 && r.errors === 0 && r.rps >= READ_RATE * 0.95;

/** A bare node:http server answering every request with `body`: what the machine can do at most. */
function startBareServer(port: number, body: string): Child {
  const script = `require('http').createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.end(${JSON.stringify(body)}); }).listen(${port}, '127.0.0.1');`;
  return runNode(['-e', script]);
}

/**
 * The API (its own process, as `npm start` runs it) over the generated catalogue and history,
 * with the projection worker in another process; autocannon drives it from this one.
 */
export const apiSection: Section = {
  id: 'api',
  title: '5. API under load',
  async run(ctx, notes) {
    const dataset = await ctx.dataset();
    const { plan } = dataset;
    const db = createDb(dataset.url, { max: 2 });
    const store = await createPostgresEventStore(dataset.url, { max: 2 });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const children: Child[] = [];
    try {
      children.push(startWorkerProcess(dataset.url));
      await waitCaughtUp({ db, store, worker: children[0]!, progress: ctx.progress, timeoutMs: 30 * 60_000 });
      ctx.progress('starting the API');
      const apiEnv = {
        DATABASE_URL: dataset.url,
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        // Requests still in flight when it stops would log their errors.
        LOG_LEVEL: 'fatal',
        ALLOW_MOCK_AUTH: 'true',
        SCAN_LIMIT: '1000000000',
        // One client address makes every request: the limit per address would answer 429.
        RATE_LIMIT_WRITES_PER_IP: '0',
        // A limit per user the one mock user never reaches: each write still pays its counter's
        // upsert, as in production.
        RATE_LIMIT_WRITES_PER_USER: String(1_000_000_000),
      };
      const api = runTsProcess('backend/src/server/main.ts', { ...apiEnv, PORT: String(port) });
      children.push(api);
      await waitFor(async () => (await fetch(`${base}/api/config`)).ok, 'the API', 180_000);
      // Starter data the API seeded at boot must be projected too before reads are measured.
      await waitCaughtUp({ db, store, worker: children[0]!, progress: ctx.progress, timeoutMs: 120_000 });

      const productPath = (n: number) => ({
        path: `/api/products/${plan.firstProductId + ((n * 7919) % plan.products)}`,
      });
      const sample = await fetch(`${base}${productPath(0).path}`);
      if (!sample.ok) throw new Error(`GET ${productPath(0).path} answered ${sample.status}`);
      const sampleBody = await sample.text();

      const seconds = ctx.sizes.apiSeconds;
      const measure = async (name: string, options: Omit<LoadOptions, 'url' | 'seconds' | 'connections'>) => {
        ctx.progress(`${name}: as fast as it answers, ${seconds} s`);
        return load({ ...options, url: base, seconds, connections: CONNECTIONS });
      };
      /** A paced run, and the CPU the API process and the PostgreSQL servers spent per request meanwhile. */
      const atRate = async (
        target: { url: string; api: Child; servers: number[] },
        name: string,
        options: Omit<LoadOptions, 'url' | 'seconds' | 'connections'>,
      ) => {
        ctx.progress(`${name}: ${READ_RATE} rps, ${seconds} s`);
        const cpu = () => [target.api.pid, ...target.servers].map(treeCpuSeconds);
        const before = cpu();
        const result = await paced({ ...options, url: target.url, seconds, rate: READ_RATE });
        const spent = cpu().map((after, i) => after - before[i]!);
        // Warm-up included: the CPU was spent on it too.
        const perRequest = (cpuSeconds: number) =>
          Math.round((cpuSeconds / (READ_RATE * (seconds + 1))) * 1e6);
        return {
          ...result,
          apiCpuUs: perRequest(spent[0]!),
          postgresCpuUs: perRequest(spent.slice(1).reduce((sum, s) => sum + s, 0)),
        };
      };
      const postgres = await ctx.postgres();
      const onPrimary = { url: base, api, servers: [postmasterPid(postgres.dataDir)] };

      const barePort = await freePort();
      const bare = startBareServer(barePort, sampleBody);
      children.push(bare);
      await waitFor(async () => (await fetch(`http://127.0.0.1:${barePort}/`)).ok, 'the bare server', 30_000);
      ctx.progress(`peer: bare node:http with the same ${sampleBody.length}-byte body, ${seconds} s`);
      const peer = await load({
        url: `http://127.0.0.1:${barePort}`,
        seconds,
        connections: CONNECTIONS,
        next: () => ({ path: '/' }),
      });
      await bare.stop();

      const reads: Array<[string, LoadOptions['next']]> = [
        ['GET /api/products/{id}', productPath],
        [
          'GET /api/products/search?q=',
          (n) => ({ path: `/api/products/search?q=${encodeURIComponent(SEARCHES[n % SEARCHES.length]!)}` }),
        ],
        ['GET /api/recently-scanned', () => ({ path: '/api/recently-scanned' })],
      ];

      const rows: Row[] = [];
      const primaryFigures = new Map<string, PacedReads>();
      for (const [name, next] of reads) {
        const max = await measure(name, { next });
        const paced = await atRate(onPrimary, name, { next });
        primaryFigures.set(name, paced);
        rows.push({
          measure: name,
          ours: `at ${READ_RATE} rps: ${describePaced(paced)}; max ${describeLoad(max)}`,
          peer: `bare node:http: ${describeLoad(peer)}`,
          ratio: Math.round((max.rps / peer.rps) * 100) / 100,
          target: `p99 ≤ ${TARGET_P99_MS} ms at ${READ_RATE} rps`,
          met: meetsTarget(paced),
          values: { maxRps: max.rps, maxP99Ms: max.p99Ms, ...pacedValues(paced), peerRps: peer.rps },
        });
      }

      const scan = await measure('POST /api/users/scanned-products', {
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
        measure: 'POST /api/users/scanned-products',
        ours: `max ${describeLoad(scan)}`,
        peer: `bare node:http: ${fmt(peer.rps)} rps`,
        ratio: Math.round((scan.rps / peer.rps) * 100) / 100,
        values: { maxRps: scan.rps, p50Ms: scan.p50Ms, p99Ms: scan.p99Ms },
      });

      // The same reads through a streaming replica of the whole server, on an API reading from it.
      ctx.progress('making a streaming replica of the server (a base backup) and starting an API on it');
      const replica = await postgres.replica();
      try {
        await api.stop();
        const replicaPort = await freePort();
        const replicaUrl = `http://127.0.0.1:${replicaPort}`;
        const replicaApi = runTsProcess('backend/src/server/main.ts', {
          ...apiEnv,
          PORT: String(replicaPort),
          DATABASE_READ_URLS: replica.url(new URL(dataset.url).pathname.slice(1)),
        });
        children.push(replicaApi);
        // The replica answers the reads; the primary still gets the API's looks at its WAL position.
        const onReplica = {
          url: replicaUrl,
          api: replicaApi,
          servers: [postmasterPid(replica.dataDir), postmasterPid(postgres.dataDir)],
        };
        await waitFor(
          async () =>
            ((await (await fetch(`${replicaUrl}/api/health`)).json()) as HealthResponse).readReplicas[0]
              ?.state === 'in use',
          'the API to read from the replica',
          180_000,
        );
        for (const [name, next] of reads) {
          const paced = await atRate(onReplica, `${name} through a replica`, { next });
          const primary = primaryFigures.get(name)!;
          rows.push({
            measure: `${name} through a replica`,
            ours: `at ${READ_RATE} rps: ${describePaced(paced)}`,
            peer: `on the primary alone: ${describePaced(primary)}`,
            ratio: Math.round((paced.p99Ms / primary.p99Ms) * 100) / 100,
            target: `p99 ≤ ${TARGET_P99_MS} ms at ${READ_RATE} rps`,
            met: meetsTarget(paced),
            values: { ...pacedValues(paced), primaryP99Ms: primary.p99Ms },
          });
        }
        await replicaApi.stop();
      } finally {
        await replica.remove();
      }
      notes.push(
        `${fmt(plan.products)} generated products (plus the starter catalogue) and the ${fmt(plan.events)}-event history; "max" is autocannon with ${CONNECTIONS} connections as fast as answers come; the target is judged on an open-loop run at a steady ${READ_RATE} rps (one request every ${1000 / READ_RATE} ms on keep-alive sockets, latency from the scheduled start, so queueing counts; sent by a client process of its own after 1 s of warm-up at the same rate, so the benchmark process's own pauses do not count); product ids and search terms (${SEARCHES.join(', ')}) rotate per request. The API runs as its own process (backend/src/server/main.ts), the projection worker as another, autocannon in the bench process, the paced client in its own, all on the same machine as PostgreSQL. The peer is a bare node:http server answering the same product JSON: the ceiling of this machine and client. "Through a replica": a streaming replica of the whole server (PostgreSQL's low-level base backup, the same binaries, a replication slot) on the same machine, and the API started again with DATABASE_READ_URLS naming it, so every one of these reads is answered from the replica; its peer is the same paced read on the primary alone, measured above in the same run (ratio: p99 through the replica over p99 on the primary). The POST is a scan by the one mock user (Bearer mock-token, ALLOW_MOCK_AUTH): every request loads, decides and appends on that same user stream (conflicts retried) and waits for its read models (read-your-writes), so it measures the worst case of one very busy user, whose stream grows during the run.`,
      );
      return rows;
    } finally {
      for (const child of children.reverse()) await child.stop();
      await store.close();
      await db.destroy();
    }
  },
};
