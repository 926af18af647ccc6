import http from 'node:http';
import autocannon from 'autocannon';
import { percentile, round } from '../support';

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
 * pool of sockets, as many as needed), latency from each request's scheduled start. autocannon's
 * overallRate sends each connection's quota at the start of every second and then corrects for
 * coordinated omission with a 1 ms interval, which measures its own bursts rather than the server.
 */
export async function paced(
  options: Omit<LoadOptions, 'connections'> & { rate: number },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(options.url);
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const send = (n: number, scheduled: number) =>
    new Promise<void>((resolve) => {
      const { path, body } = options.next(n);
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path,
          method: options.method ?? 'GET',
          headers: { ...options.headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - scheduled);
            if (response.statusCode! >= 200 && response.statusCode! < 300) ok++;
            else non2xx++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(body);
    });
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const scheduled = started + (n * 1000) / options.rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(n, scheduled));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    rps: Math.round(ok / seconds),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    non2xx,
    errors,
  };
}
