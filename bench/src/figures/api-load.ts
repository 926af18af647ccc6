import autocannon from 'autocannon';
import { runTsFilter } from '../core/child-process';
import { round } from '../support';
import type { LoadResult, PacedPlan } from './load-types';

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The path (and body) of the n-th request, so requests spread over many products and queries. */
  next: (n: number) => { path: string; body?: string };
}

/** One autocannon run (closed loop: each connection sends when its last answer came); rps counts 2xx answers only. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  let n = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        setupRequest: (request) => ({ ...request, ...options.next(n++) }),
      },
    ],
  });
  return {
    rps: Math.round(result['2xx'] / result.duration),
    p50Ms: round(result.latency.p50, 1),
    p99Ms: round(result.latency.p99, 1),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export const describeLoad = (r: LoadResult) =>
  `${r.rps.toLocaleString('en-US')} rps, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`;

/**
 * Open loop at a steady `rate`: one request every 1/rate s whatever the answers do (a keep-alive
 * pool of sockets, as many as needed), latency from each request's scheduled start, sent by a
 * process of its own (paced-client.ts) after a warm-up second. autocannon's overallRate sends
 * each connection's quota at the start of every second and then corrects for coordinated
 * omission with a 1 ms interval, which measures its own bursts rather than the server.
 */
export async function paced(
  options: Omit<LoadOptions, 'connections'> & { rate: number },
): Promise<LoadResult> {
  const plan: PacedPlan = {
    url: options.url,
    rate: options.rate,
    warmupSeconds: 1,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    requests: Array.from({ length: Math.round(options.rate * options.seconds) }, (_, n) => options.next(n)),
  };
  return JSON.parse(
    await runTsFilter('bench/src/figures/paced-client.ts', JSON.stringify(plan)),
  ) as LoadResult;
}
