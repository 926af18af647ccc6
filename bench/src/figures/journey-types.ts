/** What scans.ts sends the journey client (journey-client.ts) and what it answers. */

export interface BenchUser {
  uid: string;
  token: string;
}

export interface JourneyPlan {
  url: string;
  /** `max`: `concurrency` journeys at a time, each starting when the last ended; `paced`: one every 1/rate s. */
  mode: 'max' | 'paced';
  seconds: number;
  warmupSeconds: number;
  concurrency: number;
  rate: number;
  users: BenchUser[];
  /** Existing products scanned: ids `first .. first + count - 1`. */
  products: { first: number; count: number };
  /** Share of journeys that start with `POST /api/products` (a product nobody added yet). */
  newProductShare: number;
  /** Makes new products' names and barcodes unique to this run. */
  tag: string;
  seed: number;
}

export interface JourneyResult {
  seconds: number;
  /** Scan commands answered (accepted or refused by a rule) per second, measured part only. */
  commandsPerSecond: number;
  acceptedPerSecond: number;
  scanP50Ms: number;
  scanP99Ms: number;
  /** Scan p50 of the journeys due in the first and the last third of the run: a queue that grows shows. */
  scanP50FirstThirdMs: number;
  scanP50LastThirdMs: number;
  refetchP99Ms: number;
  createP99Ms: number;
  /** Status counts of every call, warm-up included: `POST scan 201`, `GET user-stats 200`... */
  statuses: Record<string, number>;
  /** Per user, warm-up included: scans answered 2xx and scans refused with SCAN_LIMIT_REACHED. */
  accepted: Record<string, number>;
  refused: Record<string, number>;
  /** Calls that got no answer (the outcome of a scan without an answer is unknown). */
  errors: number;
  /** Accepted scans whose refetches both answered 200, warm-up included... */
  checkedRefetches: number;
  /** ...and of them, those whose refetches did not show the scan (read-your-writes broken). */
  staleRefetches: number;
}
