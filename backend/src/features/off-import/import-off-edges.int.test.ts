import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOffCsv } from '../../../testing/generate-off-csv';
import { ImportTestDatabase, runImportCli, summaryOf } from '../../../testing/off-import-cli';
import { csvSample } from '../../../testing/off-import-samples';

/**
 * Issue #37, "safe at the edges": what a real export's worst rows and a broken download do to
 * `npm run import:off`. One row that cannot become an event is skipped or cleaned and counted,
 * never fatal; a stream that breaks keeps what was read and ends `interrupted`, resumable; a
 * source without rows is refused; `--url` reaches only public http(s) addresses unless told.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'off-edges-'));
const db = new ImportTestDatabase();
const importOff = (args: string[], options?: Parameters<typeof runImportCli>[2]) =>
  runImportCli(db.url, args, options);

beforeAll(() => db.fresh());
afterAll(async () => {
  await db.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Digits that do not compress (PostgreSQL compresses a long index key before it measures it). */
const randomDigits = (length: number) =>
  Array.from({ length }, (_, i) => String(Math.floor(Math.abs(Math.sin(i + 1)) * 1e6) % 10)).join('');
const product = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  product_name: 'Oat drink',
  lang: 'en',
  ingredients_text: 'water, oats, sunflower oil, salt',
  last_modified_t: 1_700_000_000,
  ...extra,
});
const jsonlFile = (name: string, docs: object[]) => {
  const file = path.join(work, name);
  // JSON.stringify writes NUL and lone surrogates as escapes, as a real export would.
  fs.writeFileSync(file, docs.map((doc) => JSON.stringify(doc)).join('\n') + '\n');
  return file;
};
const storedNames = async () =>
  (
    await db.query<{ name: string }>(
      `select data ->> 'name' as name from events where type = 'ProductImported' order by data ->> 'code'`,
    )
  ).map((row) => row.name);

describe('rows that cannot become events as they are', () => {
  it.each([
    {
      bad: 'a last_modified_t of 1e16 (not a safe integer, not a Unix time)',
      doc: product('5000000000102', { last_modified_t: 1e16 }),
      skipped: { malformed: 1 },
      names: ['Oat drink'],
    },
    {
      bad: 'a code of 3,000 digits (longer than any barcode; too long for a B-tree index)',
      doc: product(randomDigits(3000)),
      skipped: { 'no barcode': 1 },
      names: ['Oat drink'],
    },
    {
      bad: 'a NUL in the name (PostgreSQL refuses \\u0000 in jsonb)',
      doc: product('5000000000102', { product_name: 'Rye\u0000bread' }),
      skipped: {},
      names: ['Oat drink', 'Rye bread'],
    },
    {
      bad: 'a lone surrogate in the brand and name (PostgreSQL refuses \\ud800 in jsonb)',
      doc: product('5000000000102', { product_name: 'Crisps \ud800', brands: '\udc00Acme' }),
      skipped: {},
      names: ['Oat drink', 'Crisps \ufffd'],
    },
    {
      bad: 'a name of a million characters (anyone can edit OFF; a read model indexes 2,704 bytes of it)',
      doc: product('5000000000102', { product_name: 'Rye '.repeat(250_000) }),
      skipped: {},
      names: ['Oat drink', 'Rye '.repeat(50).trimEnd()],
    },
  ])(
    'JSONL with one valid product and $bad: the valid one imported, the other skipped or cleaned and counted; a re-run appends nothing',
    async ({ doc, skipped, names }) => {
      await db.fresh();
      const file = jsonlFile('edge.jsonl', [product('5000000000101'), doc]);
      const run = await importOff([file]);
      expect(run.code, run.stderr).toBe(0);
      const summary = summaryOf(run);
      expect(summary).toMatchObject({ state: 'completed', rowsRead: 2, imported: names.length });
      expect(summary.skipped).toMatchObject(skipped);
      expect(summary.skippedTotal).toBe(2 - names.length);
      expect(await storedNames()).toEqual(names);
      const before = await db.eventCount();
      const again = await importOff([file]);
      expect(summaryOf(again)).toMatchObject({
        state: 'completed',
        imported: 0,
        updated: 0,
        unchanged: names.length,
      });
      expect(await db.eventCount()).toBe(before);
      expect(await db.runStates()).toEqual(['completed', 'completed']);
    },
  );
});

describe('a stream that breaks', () => {
  // In batches of 100 rows, the cut comes after several of them and inside the next.
  const rows = 1_000;
  const batchSize = 100;
  const batch = ['--batch-size', String(batchSize)];
  let csv: Buffer;
  beforeAll(async () => {
    const file = path.join(work, 'whole.csv');
    await writeOffCsv(file, { rows, firstCode: 40_000 });
    csv = fs.readFileSync(file);
  });

  /** Interrupted after some rows, each read row imported; the whole file then completes the job. */
  async function expectResumed(interrupted: Awaited<ReturnType<typeof importOff>>, whole: string[]) {
    expect(interrupted.code, interrupted.stderr).toBe(130);
    const first = summaryOf(interrupted);
    expect(first.state).toBe('interrupted');
    expect(first.error).toBeTruthy();
    expect(first.rowsRead).toBeGreaterThan(rows / 3);
    expect(first.rowsRead).toBeLessThan(rows);
    expect(first.rowsRead % batchSize).not.toBe(0);
    // The batch in hand when the stream broke is imported too (was: dropped).
    expect(first.imported).toBe(first.rowsRead);
    expect(await db.expectOneProductPerBarcode()).toBe(first.imported);
    const resumed = summaryOf(await importOff(whole));
    expect(resumed).toMatchObject({
      state: 'completed',
      imported: rows - first.imported,
      unchanged: first.imported,
    });
    expect(await db.expectOneProductPerBarcode()).toBe(rows);
    expect(await db.runStates()).toEqual(['interrupted', 'completed']);
  }

  it('a truncated gzip: the rows before the cut are imported, the run ends interrupted (exit 130), a re-run completes', async () => {
    await db.fresh();
    const gz = gzipSync(csv);
    const truncated = path.join(work, 'truncated.csv.gz');
    fs.writeFileSync(truncated, gz.subarray(0, Math.floor(gz.length * 0.6)));
    const whole = path.join(work, 'whole.csv.gz');
    fs.writeFileSync(whole, gz);
    const run = await importOff([truncated, ...batch]);
    expect(summaryOf(run).error).toMatch(/unexpected end of file/);
    await expectResumed(run, [whole]);
  });

  it('a download the server closes half-way: the same, and a re-run of the URL completes', async () => {
    await db.fresh();
    let served = 0;
    const server = http.createServer((request, response) => {
      response.writeHead(200, { 'content-length': csv.length });
      // The first download is cut off after 60 % of its bytes; the next one is whole.
      if (served++ > 0) return void response.end(csv);
      response.write(csv.subarray(0, Math.floor(csv.length * 0.6)), () => response.socket?.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/export.csv`;
    try {
      const args = ['--url', url, '--allow-private-network'];
      await expectResumed(await importOff([...args, ...batch]), args);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a source without rows is not an Open Food Facts export', () => {
  const header = fs.readFileSync(csvSample, 'utf8').split('\n', 1)[0]!;
  it.each([
    { what: 'a 0-byte CSV', name: 'empty.csv', bytes: Buffer.alloc(0) },
    { what: 'a gzipped 0-byte JSONL', name: 'empty.jsonl.gz', bytes: gzipSync(Buffer.alloc(0)) },
    { what: 'blank lines', name: 'blank.jsonl', bytes: Buffer.from('\n\n\r\n') },
    { what: 'the real CSV header alone', name: 'header.csv', bytes: Buffer.from(header + '\n') },
  ])('$what: refused (exit 1), no run recorded', async ({ name, bytes }) => {
    await db.fresh();
    const file = path.join(work, name);
    fs.writeFileSync(file, bytes);
    const run = await importOff([file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not an Open Food Facts export/);
    expect(run.lines.filter((line) => line.type === 'summary')).toEqual([]);
    expect(await db.count('select 1 from events')).toBe(0);
  });

  it('nothing on stdin: refused the same', async () => {
    const run = await importOff(['-'], { input: Buffer.alloc(0) });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not an Open Food Facts export/);
  });
});

/** The redirect tests serve https with a certificate made by openssl; `.ci/run` installs it. */
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

if (!hasOpenssl) {
  describe('--url redirects (skipped: openssl is not installed)', () => {
    it.skip('needs openssl to make the test server a TLS certificate', () => {});
  });
}

describe.runIf(hasOpenssl)('--url reaches only public http(s) addresses unless told', () => {
  const sample = fs.readFileSync(csvSample);
  let plain: http.Server;
  let secure: https.Server;
  let httpBase: string;
  let httpsBase: string;
  let caFile: string;

  /** Redirects as `/to?<url-encoded location>` asks, serves the sample at `/export.csv`. */
  const handler: http.RequestListener = (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/to')
      return void response.writeHead(302, { location: url.searchParams.get('location')! }).end();
    if (url.pathname === '/export.csv')
      return void response.writeHead(200, { 'content-length': sample.length }).end(sample);
    response.writeHead(404).end();
  };

  beforeAll(async () => {
    // A certificate for 127.0.0.1 that the importer trusts through NODE_EXTRA_CA_CERTS.
    const key = path.join(work, 'key.pem');
    caFile = path.join(work, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        caFile,
      ],
      { stdio: 'ignore' },
    );
    plain = http.createServer(handler);
    secure = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(caFile) }, handler);
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    httpBase = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    httpsBase = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => plain.close(resolve));
    await new Promise((resolve) => secure.close(resolve));
  });

  /** Imports `from`'s redirect to `location`, loopback allowed, trusting the test's certificate. */
  const redirected = (from: string, location: string) =>
    importOff(['--url', redirect(from, location), '--allow-private-network'], {
      env: { NODE_EXTRA_CA_CERTS: caFile },
    });
  const redirect = (from: string, location: string) => `${from}/to?location=${encodeURIComponent(location)}`;

  it('refuses a loopback address, by IP or by name, without --allow-private-network; nothing recorded', async () => {
    await db.fresh();
    const port = new URL(httpBase).port;
    for (const url of [`${httpBase}/export.csv`, `http://localhost:${port}/export.csv`]) {
      const run = await importOff(['--url', url]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/loopback, private or link-local address.*--allow-private-network/);
    }
    expect(await db.count('select 1 from events')).toBe(0);
  });

  it('with --allow-private-network: follows a redirect to http(s), over TLS too', async () => {
    await db.fresh();
    const moved = await redirected(httpsBase, `${httpsBase}/export.csv`);
    expect(summaryOf(moved)).toMatchObject({ state: 'completed', rowsRead: 810 });
    const upgraded = await redirected(httpBase, `${httpsBase}/export.csv`);
    expect(summaryOf(upgraded)).toMatchObject({ state: 'completed', rowsRead: 810, imported: 0 });
  });

  it('never follows a redirect from https down to http, nor to another scheme', async () => {
    await db.fresh();
    const down = await redirected(httpsBase, `${httpBase}/export.csv`);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/from https down to http/);
    const ftp = await redirected(httpBase, 'ftp://127.0.0.1/export.csv');
    expect(ftp.code).toBe(1);
    expect(ftp.stderr).toMatch(/only to http\(s\)/);
    expect(await db.count('select 1 from events')).toBe(0);
  });
});
