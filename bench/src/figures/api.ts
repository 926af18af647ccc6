import { createDb } from '@labelwise/projections';
import { createPostgresEventStore } from '@labelwise/event-store';
import { freePort, waitFor } from '@labelwise/runtime';
import { runNode, runTsProcess, startWorkerProcess, type Child } from '../core/child-process';
import type { Row } from '../core/report';
import type { Section } from '../core/section';
import { waitCaughtUp } from '../dataset/wait-caught-up';
import { fmt } from '../support';
import { describeLoad, load, paced, type LoadOptions } from './api-load';

const READ_RATE = 500;
const TARGET_P99_MS = 20;
const CONNECTIONS = 10;
const SEARCHES = ['milk chocolate', 'ginger', 'choclate', 'peanut butter cookies', 'tea', 'vanilla protein'];

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
      children.push(
        runTsProcess('backend/src/server/main.ts', {
          DATABASE_URL: dataset.url,
          PORT: String(port),
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
        }),
      );
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
      const atRate = async (name: string, options: Omit<LoadOptions, 'url' | 'seconds' | 'connections'>) => {
        ctx.progress(`${name}: ${READ_RATE} rps, ${seconds} s`);
        return paced({ ...options, url: base, seconds, rate: READ_RATE });
      };

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
      for (const [name, next] of reads) {
        const max = await measure(name, { next });
        const paced = await atRate(name, { next });
        rows.push({
          measure: name,
          ours: `at ${READ_RATE} rps: p50 ${paced.p50Ms} ms, p99 ${paced.p99Ms} ms${paced.non2xx || paced.errors ? ` (${paced.non2xx} non-2xx, ${paced.errors} errors)` : ''}; max ${describeLoad(max)}`,
          peer: `bare node:http: ${describeLoad(peer)}`,
          ratio: Math.round((max.rps / peer.rps) * 100) / 100,
          target: `p99 ≤ ${TARGET_P99_MS} ms at ${READ_RATE} rps`,
          met:
            paced.p99Ms <= TARGET_P99_MS &&
            paced.non2xx === 0 &&
            paced.errors === 0 &&
            paced.rps >= READ_RATE * 0.95,
          values: {
            maxRps: max.rps,
            maxP99Ms: max.p99Ms,
            pacedRps: paced.rps,
            pacedP50Ms: paced.p50Ms,
            pacedP99Ms: paced.p99Ms,
            peerRps: peer.rps,
          },
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
      notes.push(
        `${fmt(plan.products)} generated products (plus the starter catalogue) and the ${fmt(plan.events)}-event history; "max" is autocannon with ${CONNECTIONS} connections as fast as answers come; the target is judged on an open-loop run at a steady ${READ_RATE} rps (one request every ${1000 / READ_RATE} ms on keep-alive sockets, latency from the scheduled start, so queueing counts; sent by a client process of its own after 1 s of warm-up at the same rate, so the benchmark process's own pauses do not count); product ids and search terms (${SEARCHES.join(', ')}) rotate per request. The API runs as its own process (backend/src/server/main.ts), the projection worker as another, autocannon in the bench process, the paced client in its own, all on the same machine as PostgreSQL. The peer is a bare node:http server answering the same product JSON: the ceiling of this machine and client. The POST is a scan by the one mock user (Bearer mock-token, ALLOW_MOCK_AUTH): every request loads, decides and appends on that same user stream (conflicts retried) and waits for its read models (read-your-writes), so it measures the worst case of one very busy user, whose stream grows during the run.`,
      );
      return rows;
    } finally {
      for (const child of children.reverse()) await child.stop();
      await store.close();
      await db.destroy();
    }
  },
};
