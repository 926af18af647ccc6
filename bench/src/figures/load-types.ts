/** The results and plans the load runners share: api-load.ts sends plans to paced-client.ts, both report LoadResult. */

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** What the paced client is to send: `requests` in order, one every 1/rate s. */
export interface PacedPlan {
  url: string;
  rate: number;
  /** Seconds at the same rate, unmeasured, before the measured run: JIT, sockets and caches warm up. */
  warmupSeconds: number;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  requests: Array<{ path: string; body?: string }>;
}
