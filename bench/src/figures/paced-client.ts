import http from 'node:http';
import { percentile, round } from '../support';
import type { LoadResult, PacedPlan } from './load-types';

/**
 * The open-loop client behind `paced` (api-load.ts), run as a process of its own: latency counts
 * from each request's scheduled start, so a pause of the benchmark process (its garbage collection
 * after a load run, its other bookkeeping) would be counted as the server's. Reads its PacedPlan
 * as JSON on stdin and writes its LoadResult as JSON on stdout.
 */
async function runPlan(plan: PacedPlan): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(plan.url);
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const send = (request: PacedPlan['requests'][number], scheduled: number, measured: boolean) =>
    new Promise<void>((resolve) => {
      const { path, body } = request;
      const outgoing = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path,
          method: plan.method,
          headers: { ...plan.headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (measured) {
              latencies.push(performance.now() - scheduled);
              if (response.statusCode! >= 200 && response.statusCode! < 300) ok++;
              else non2xx++;
            }
            resolve();
          });
        },
      );
      outgoing.on('error', () => {
        if (measured) errors++;
        resolve();
      });
      outgoing.end(body);
    });
  const sendAll = async (requests: PacedPlan['requests'], measured: boolean) => {
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let n = 0; n < requests.length; n++) {
      const scheduled = started + (n * 1000) / plan.rate;
      const wait = scheduled - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(send(requests[n]!, scheduled, measured));
    }
    await Promise.all(inFlight);
    return (performance.now() - started) / 1000;
  };
  await sendAll(plan.requests.slice(0, Math.round(plan.rate * plan.warmupSeconds)), false);
  const seconds = await sendAll(plan.requests, true);
  agent.destroy();
  return {
    rps: Math.round(ok / seconds),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    non2xx,
    errors,
  };
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => (input += chunk));
process.stdin.on('end', () => {
  runPlan(JSON.parse(input) as PacedPlan).then(
    (result) => process.stdout.write(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
