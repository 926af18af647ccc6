import http from 'node:http';
import { percentile, round, seededRandom } from '../support';
import type { BenchUser, JourneyPlan, JourneyResult } from './journey-types';

/**
 * The scan journey as the app makes it, run as a process of its own so the bench
 * process's pauses never count as the server's: for an unknown product `POST /api/products`,
 * then `POST /api/users/scanned-products`, then the refetches of `GET /api/user-stats` and
 * `GET /api/users/scanned-products` together. Reads a JourneyPlan as JSON on stdin and writes
 * a JourneyResult as JSON on stdout.
 */
async function runPlan(plan: JourneyPlan): Promise<JourneyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const url = new URL(plan.url);
  const random = seededRandom(plan.seed);
  const statuses: Record<string, number> = {};
  const accepted: Record<string, number> = {};
  const refused: Record<string, number> = {};
  const scanLatencies: number[] = [];
  /** When each measured scan was due (ms from its run's start), beside scanLatencies. */
  const scanStarts: number[] = [];
  let runStarted = 0;
  const refetchLatencies: number[] = [];
  const createLatencies: number[] = [];
  let errors = 0;
  let measuredCommands = 0;
  let measuredAccepted = 0;
  let created = 0;
  let nextUser = 0;
  /** Each user's read-after-writes cookie, as their browser keeps it (set when API reads on replicas). */
  const cookies = new Map<string, string>();
  let checkedRefetches = 0;
  let staleRefetches = 0;

  const call = (method: string, path: string, user: BenchUser, body?: unknown) =>
    new Promise<{ status: number; body: string } | null>((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path,
          method,
          headers: {
            authorization: `Bearer ${user.token}`,
            ...(cookies.has(user.uid) ? { cookie: cookies.get(user.uid) } : {}),
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (response) => {
          const cookie = response.headers['set-cookie']?.[0];
          if (cookie) cookies.set(user.uid, cookie.split(';')[0]!);
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            const key = `${method} ${path.replace(/\?.*/, '')} ${response.statusCode}`;
            statuses[key] = (statuses[key] ?? 0) + 1;
            resolve({ status: response.statusCode!, body: text });
          });
        },
      );
      outgoing.on('error', () => {
        errors++;
        resolve(null);
      });
      outgoing.end(payload);
    });

  const journey = async (measured: boolean, scheduled: number) => {
    const user = plan.users[nextUser++ % plan.users.length]!;
    let productId = plan.products.first + Math.floor(random() * plan.products.count);
    let scanFrom = scheduled;
    if (random() < plan.newProductShare) {
      const n = created++;
      const answer = await call('POST', '/api/products', user, {
        name: `Bench ${plan.tag} oat bar ${n}`,
        brand: 'Bench',
        barcode: `BENCH-${plan.tag}-${n}`,
        ingredients: 'oats, honey, sunflower oil, salt',
      });
      if (measured) createLatencies.push(performance.now() - scheduled);
      if (answer && answer.status < 300) productId = (JSON.parse(answer.body) as { id: number }).id;
      scanFrom = performance.now();
    }
    const scan = await call('POST', '/api/users/scanned-products', user, {
      productId,
      scannedAt: new Date().toISOString(),
    });
    if (scan?.status && scan.status < 300) accepted[user.uid] = (accepted[user.uid] ?? 0) + 1;
    const refusedByAllowance = scan?.status === 403 && scan.body.includes('SCAN_LIMIT_REACHED');
    if (refusedByAllowance) refused[user.uid] = (refused[user.uid] ?? 0) + 1;
    if (measured && scan) {
      scanLatencies.push(performance.now() - scanFrom);
      scanStarts.push(scheduled - runStarted);
      if (scan.status < 300 || refusedByAllowance) measuredCommands++;
      if (scan.status < 300) measuredAccepted++;
    }
    const refetchFrom = performance.now();
    const [stats, history] = await Promise.all([
      call('GET', '/api/user-stats', user),
      call('GET', '/api/users/scanned-products', user),
    ]);
    if (measured) refetchLatencies.push(performance.now() - refetchFrom);
    if (scan && scan.status < 300 && stats?.status === 200 && history?.status === 200) {
      checkedRefetches++;
      if (!showsScan(JSON.parse(scan.body) as ScanAnswer, JSON.parse(stats.body), JSON.parse(history.body)))
        staleRefetches++;
    }
  };

  const closedLoop = async (seconds: number, measured: boolean) => {
    const started = (runStarted = performance.now());
    const end = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: plan.concurrency }, async () => {
        while (performance.now() < end) await journey(measured, performance.now());
      }),
    );
    return (performance.now() - started) / 1000;
  };
  const openLoop = async (seconds: number, measured: boolean) => {
    const started = (runStarted = performance.now());
    const inFlight: Promise<void>[] = [];
    const count = Math.round(plan.rate * seconds);
    for (let n = 0; n < count; n++) {
      const scheduled = started + (n * 1000) / plan.rate;
      const wait = scheduled - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(journey(measured, scheduled));
    }
    await Promise.all(inFlight);
    return (performance.now() - started) / 1000;
  };

  const run = plan.mode === 'max' ? closedLoop : openLoop;
  await run(plan.warmupSeconds, false);
  const seconds = await run(plan.seconds, true);
  agent.destroy();
  const third = (plan.seconds * 1000) / 3;
  const scansDue = (from: number, to: number) =>
    scanLatencies.filter((_, n) => scanStarts[n]! >= from && scanStarts[n]! < to);
  return {
    seconds: round(seconds, 2),
    commandsPerSecond: Math.round(measuredCommands / seconds),
    acceptedPerSecond: Math.round(measuredAccepted / seconds),
    scanP50Ms: round(percentile(scanLatencies, 50), 1),
    scanP99Ms: round(percentile(scanLatencies, 99), 1),
    scanP50FirstThirdMs: round(percentile(scansDue(0, third), 50), 1),
    scanP50LastThirdMs: round(percentile(scansDue(2 * third, Infinity), 50), 1),
    refetchP99Ms: round(percentile(refetchLatencies, 99), 1),
    createP99Ms: round(percentile(createLatencies, 99), 1),
    statuses,
    accepted,
    refused,
    errors,
    checkedRefetches,
    staleRefetches,
  };
}

interface ScanAnswer {
  productId: number;
  scannedAt: string;
  scansThisMonth: number;
}

/**
 * Whether the refetches after an accepted scan show it, as the app needs them to: the month's
 * count at least the one the scan answered, and the product in the history with that scan (or a
 * later one).
 */
function showsScan(
  scan: ScanAnswer,
  stats: { scansThisMonth: number },
  history: Array<{ id: number; scannedAt: string }>,
): boolean {
  return (
    stats.scansThisMonth >= scan.scansThisMonth &&
    history.some((product) => product.id === scan.productId && product.scannedAt >= scan.scannedAt)
  );
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => (input += chunk));
process.stdin.on('end', () => {
  runPlan(JSON.parse(input) as JourneyPlan).then(
    (result) => process.stdout.write(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
