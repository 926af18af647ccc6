import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * A local stand-in for Open Food Facts: its static site (the delta index and delta files), its
 * read API for one product and its write API, answering as OFF documents them, with real OFF
 * product documents (export-sample.jsonl, ODbL, © Open Food Facts contributors) as its data.
 * Switches make each part fail the ways the real one can. Test support only.
 */

type Doc = { [key: string]: unknown };

const SAMPLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/data/open-food-facts/export-sample.jsonl',
);

/** The 100 real OFF documents of the sample export, read once. */
export function offSampleDocuments(): Doc[] {
  return readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Doc);
}

const lastModified = (doc: Doc) => Number(doc.last_modified_t);

/** OFF's name for a delta: the Unix times of its first and last change. */
export function deltaName(docs: readonly Doc[]): string {
  const times = docs.map(lastModified);
  return `openfoodfacts_products_${Math.min(...times)}_${Math.max(...times)}.json.gz`;
}

/**
 * The sample split into `count` deltas in time order (oldest changes first), as OFF publishes
 * them: name order is time order.
 */
export function sampleDeltas(count = 2, docs = offSampleDocuments()): Doc[][] {
  const sorted = [...docs].sort((a, b) => lastModified(a) - lastModified(b));
  const size = Math.ceil(sorted.length / count);
  return Array.from({ length: count }, (_, i) => sorted.slice(i * size, (i + 1) * size));
}

/** What a part of the stand-in does instead of answering well. */
export type OffFault =
  | { kind: 'status'; status: number }
  | { kind: 'slow'; ms: number }
  /** A gzip cut off halfway (delta files). */
  | { kind: 'truncated-gzip' }
  /** A document that is not JSON (a delta line, or the product API's body). */
  | { kind: 'malformed' }
  /** The write API refuses the write as OFF does: HTTP 200 with `status: 0` and its reason. */
  | { kind: 'refused'; reason: string }
  /** A 302 to `location` (anywhere: another server, a private address). */
  | { kind: 'redirect'; location: string };

export type OffPart = 'index' | 'delta' | 'product' | 'write';

export interface OffRequest {
  method: string;
  path: string;
  userAgent: string | undefined;
}

export interface OffStandIn {
  /** Serves as both `OFF_STATIC_URL` and `OFF_API_URL`. */
  url: string;
  /** Every request received, in order. */
  requests: OffRequest[];
  /**
   * The form fields of every write saved, in order (a write answered slowly is saved before its
   * answer leaves, as OFF saves before answering; one refused or failed with a status is not).
   */
  writes: Array<Record<string, string>>;
  /** Sets (or with null clears) how a part misbehaves. */
  fault(part: OffPart, fault: OffFault | null): void;
  /** Replaces the deltas the index lists (oldest first). */
  setDeltas(deltas: Doc[][]): void;
  /** Adds (or replaces) products its read API knows. */
  addProducts(docs: Doc[]): void;
  stop(): Promise<void>;
}

export interface OffStandInOptions {
  /** The deltas listed, oldest first; the sample in two by default. */
  deltas?: Doc[][];
  /** The products the read API knows; the sample by default. */
  products?: Doc[];
  /** Binds here (a port freed by a previous stand-in, to restart "OFF"); a free port by default. */
  port?: number;
}

export async function startOffStandIn(options: OffStandInOptions = {}): Promise<OffStandIn> {
  const faults = new Map<OffPart, OffFault>();
  const deltas = new Map<string, Doc[]>();
  const products = new Map<string, Doc>();
  const requests: OffRequest[] = [];
  const writes: Array<Record<string, string>> = [];
  const setDeltas = (list: Doc[][]) => {
    deltas.clear();
    for (const docs of list) deltas.set(deltaName(docs), docs);
  };
  const addProducts = (docs: Doc[]) => {
    for (const doc of docs) products.set(String(doc.code), doc);
  };
  setDeltas(options.deltas ?? sampleDeltas());
  addProducts(options.products ?? offSampleDocuments());

  async function answer(part: OffPart, res: ServerResponse, good: () => Buffer | string, type: string) {
    const fault = faults.get(part);
    if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (res.destroyed) return;
    if (fault?.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'text/html' }).end(`<h1>${fault.status}</h1>`);
      return;
    }
    if (fault?.kind === 'redirect') {
      res.writeHead(302, { location: fault.location }).end();
      return;
    }
    res.writeHead(200, { 'content-type': type }).end(good());
  }

  function deltaBody(docs: Doc[]): Buffer {
    const fault = faults.get('delta');
    const lines = docs.map((doc) => JSON.stringify(doc));
    if (fault?.kind === 'malformed') lines.splice(1, 0, '{"code": "3017620422003", "product_name": ');
    const gzipped = gzipSync(lines.join('\n') + '\n');
    return fault?.kind === 'truncated-gzip' ? gzipped.subarray(0, Math.floor(gzipped.length / 2)) : gzipped;
  }

  function productBody(code: string, res: ServerResponse): string {
    if (faults.get('product')?.kind === 'malformed')
      return '{"code": "' + code + '", "status": 1, "product": {';
    const product = products.get(code);
    if (!product) {
      // OFF answers an unknown code with 404 and this body.
      res.statusCode = 404;
      return JSON.stringify({ code, status: 0, status_verbose: 'product not found' });
    }
    return JSON.stringify({ code, status: 1, status_verbose: 'product found', product });
  }

  /** OFF's write API: saves the fields given on the product (creating it), then answers. */
  async function write(fields: Record<string, string>, res: ServerResponse) {
    const fault = faults.get('write');
    if (fault?.kind === 'refused') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 0, status_verbose: fault.reason }));
      return;
    }
    if (fault?.kind !== 'status') {
      writes.push(fields);
      const { code = '', product_name, brands, ingredients_text_en } = fields;
      const saved = { product_name, brands, ingredients_text_en };
      const known = products.get(code) ?? { code };
      products.set(code, {
        ...known,
        ...Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== undefined)),
      });
    }
    await answer(
      'write',
      res,
      () => JSON.stringify({ status: 1, status_verbose: 'fields saved' }),
      'application/json',
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, userAgent: req.headers['user-agent'] });
    if (url.pathname === '/data/delta/index.txt') {
      await answer('index', res, () => [...deltas.keys()].map((name) => `${name}\n`).join(''), 'text/plain');
      return;
    }
    const delta = /^\/data\/delta\/([^/]+)$/.exec(url.pathname)?.[1];
    if (delta && deltas.has(delta)) {
      await answer('delta', res, () => deltaBody(deltas.get(delta)!), 'application/gzip');
      return;
    }
    const code = /^\/api\/v2\/product\/([^/.]+)(?:\.json)?$/.exec(url.pathname)?.[1];
    if (code) {
      await answer('product', res, () => productBody(code, res), 'application/json');
      return;
    }
    if (url.pathname === '/cgi/product_jqm2.pl' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      await write(Object.fromEntries(new URLSearchParams(body)), res);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Page not found</h1>');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    writes,
    fault: (part, fault) => (fault ? faults.set(part, fault) : faults.delete(part)),
    setDeltas,
    addProducts,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
