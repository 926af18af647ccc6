import autocannon from 'autocannon';
import { round } from '../support';

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  /** Requests per second in all; unset: as fast as the server answers. */
  rate?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The path (and body) of the n-th request, so requests spread over many products and queries. */
  next: (n: number) => { path: string; body?: string };
}

/** One autocannon run; rps counts 2xx answers only. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  let n = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
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
