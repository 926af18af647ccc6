import { freePort, waitFor } from '@labelwise/runtime';
import { generatedCode } from '@labelwise/backend/testing';
import { runTsProcess } from '../core/child-process';
import type { Row } from '../core/report';
import { describeLoad, paced, type LoadOptions } from './api-load';

const READ_RATE = 500;
/** Words of the generated names (the starter set's), one misspelt: search keeps its typo tolerance. */
const SEARCHES = ['chocolate', 'oat', 'choclate', 'peanut butter', 'tea', 'crackers'];

interface ImportedReadsOptions {
  url: string;
  /** Rows of the generated export: row i has barcode `generatedCode(i)`. */
  rows: number;
  /** Lowest and highest id of an imported product. */
  ids: { first: number; last: number };
  seconds: number;
  progress: (message: string) => void;
}

/**
 * The product reads a shopper makes, at a paced 500 rps over the whole imported catalogue: the
 * API in its own process (one, as the api figure runs it) with the worker stopped (the tables are
 * caught up), ids and barcodes spread over every imported product.
 */
export async function measureImportedReads(options: ImportedReadsOptions): Promise<Row[]> {
  const { url, rows, ids, seconds, progress } = options;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = runTsProcess('backend/src/server/main.ts', {
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'fatal',
    ALLOW_MOCK_AUTH: 'true',
    OFF_STARTER_SET: 'false',
  });
  try {
    await waitFor(async () => (await fetch(`${base}/api/config`)).ok, 'the API', 180_000);
    const span = ids.last - ids.first + 1;
    const productId = (n: number) => ids.first + ((n * 7919) % span);
    const reads: Array<[string, LoadOptions['next'], number]> = [
      ['GET /api/products/{id}', (n) => ({ path: `/api/products/${productId(n)}` }), 10],
      [
        'GET /api/products/barcode/{code}',
        (n) => ({ path: `/api/products/barcode/${generatedCode((n * 104_729) % rows)}` }),
        10,
      ],
      [
        'GET /api/products/search?q=',
        (n) => ({ path: `/api/products/search?q=${encodeURIComponent(SEARCHES[n % SEARCHES.length]!)}` }),
        20,
      ],
      ['GET /api/alternatives/{id}', (n) => ({ path: `/api/alternatives/${productId(n)}` }), 50],
    ];
    const result: Row[] = [];
    for (const [name, next, targetP99Ms] of reads) {
      const first = await fetch(`${base}${next(0).path}`);
      if (!first.ok) throw new Error(`${next(0).path} answered ${first.status}`);
      progress(
        `${name} over ${rows.toLocaleString('en-US')} imported products: ${READ_RATE} rps, ${seconds} s`,
      );
      const load = await paced({ url: base, seconds, rate: READ_RATE, next });
      result.push({
        measure: `${name} with ${rows.toLocaleString('en-US')} imported products`,
        ours: `at ${READ_RATE} rps: ${describeLoad(load)}`,
        peer: '',
        target: `p99 ≤ ${targetP99Ms} ms at ${READ_RATE} rps`,
        met:
          load.p99Ms <= targetP99Ms && load.non2xx === 0 && load.errors === 0 && load.rps >= READ_RATE * 0.95,
        values: { pacedRps: load.rps, pacedP50Ms: load.p50Ms, pacedP99Ms: load.p99Ms },
      });
    }
    return result;
  } finally {
    await api.stop();
  }
}
