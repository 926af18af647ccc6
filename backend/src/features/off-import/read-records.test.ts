import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotAnExportError, SourceReadError, formatFromContent, formatFromName, isGzip } from './open-source';
import { redirectTarget } from './guarded-get';
import { readOffRecords, type RawRecord } from './read-records';
import { csvSample, jsonlSample } from '../../../testing/off-import-samples';

async function collect(records: AsyncIterable<RawRecord>): Promise<RawRecord[]> {
  const out: RawRecord[] = [];
  for await (const record of records) out.push(record);
  return out;
}

const kinds = (records: RawRecord[]) => {
  const count: Record<string, number> = {};
  for (const r of records) count[r.kind] = (count[r.kind] ?? 0) + 1;
  return count;
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'off-read-'));
  writeFileSync(join(dir, 'sample.csv.gz'), gzipSync(readFileSync(csvSample)));
  writeFileSync(join(dir, 'sample.jsonl.gz'), gzipSync(readFileSync(jsonlSample)));
  // A misleading name: detection goes by the bytes.
  writeFileSync(join(dir, 'export.dat'), gzipSync(readFileSync(jsonlSample)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('format detection', () => {
  it('knows the names and the first bytes', () => {
    expect(formatFromName('x/en.openfoodfacts.org.products.csv.gz')).toBe('csv');
    expect(formatFromName('openfoodfacts-products.jsonl.gz')).toBe('jsonl');
    expect(formatFromName('https://h/d/1700000000_products.jsonl.gz?x=1')).toBe('jsonl');
    expect(formatFromName('openfoodfacts_products_1700000000_1700086400.json.gz')).toBe('jsonl');
    expect(formatFromName('products.bin')).toBeNull();
    expect(formatFromContent(Buffer.from('\uFEFF  {"code":"1"}'))).toBe('jsonl');
    expect(formatFromContent(Buffer.from('code\turl\tcreator\n'))).toBe('csv');
    expect(formatFromContent(Buffer.from('hello'))).toBeNull();
    expect(isGzip(gzipSync('x'))).toBe(true);
    expect(isGzip(Buffer.from('{'))).toBe(false);
  });
});

describe('readOffRecords on the real samples', () => {
  it('reads the 810 CSV rows with the full header as string records', async () => {
    const { source, records } = await readOffRecords(csvSample);
    const all = await collect(records);
    expect(source.format).toBe('csv');
    expect(source.gzipped).toBe(false);
    expect(kinds(all)).toEqual({ csv: 810 });
    const first = all[0]!;
    if (first.kind !== 'csv') throw new Error('expected a CSV record');
    expect(Object.keys(first.fields)).toHaveLength(210);
    expect(first.fields.code).toBe('26053561');
    expect(first.line).toBe(2);
    expect(source.bytesRead()).toBe(source.totalBytes);
  });

  it('reads the 100 JSONL documents', async () => {
    const { source, records } = await readOffRecords(jsonlSample);
    const all = await collect(records);
    expect(source.format).toBe('jsonl');
    expect(kinds(all)).toEqual({ jsonl: 100 });
    const first = all[0]!;
    if (first.kind !== 'jsonl') throw new Error('expected a JSONL record');
    expect(first.doc.code).toBe('0000101209159');
  });

  it('reads gzipped exports, by magic bytes whatever the name, counting compressed bytes', async () => {
    const csv = await readOffRecords(join(dir, 'sample.csv.gz'));
    expect(kinds(await collect(csv.records))).toEqual({ csv: 810 });
    expect(csv.source.gzipped).toBe(true);
    expect(csv.source.bytesRead()).toBe(csv.source.totalBytes);
    const jsonl = await readOffRecords(join(dir, 'sample.jsonl.gz'));
    expect(kinds(await collect(jsonl.records))).toEqual({ jsonl: 100 });
    const odd = await readOffRecords(join(dir, 'export.dat'));
    expect(odd.source.format).toBe('jsonl');
    expect(kinds(await collect(odd.records))).toEqual({ jsonl: 100 });
  });

  it('reads `-` from stdin', async () => {
    const { source, records } = await readOffRecords('-', { stdin: createReadStream(jsonlSample) });
    expect(kinds(await collect(records))).toEqual({ jsonl: 100 });
    expect(source.totalBytes).toBeNull();
  });

  it('a reader that stops early releases the source', async () => {
    const stdin = createReadStream(csvSample, { highWaterMark: 1024 });
    const { records } = await readOffRecords('-', { stdin });
    expect((await records.next()).done).toBe(false);
    await records.return(undefined);
    expect(stdin.destroyed).toBe(true);
  });

  it('keeps only the asked CSV columns', async () => {
    const { records } = await readOffRecords(csvSample, { columns: ['code', 'product_name'] });
    const first = (await records.next()).value as RawRecord;
    if (first.kind !== 'csv') throw new Error('expected a CSV record');
    expect(first.fields).toEqual({ code: '26053561', product_name: 'Pain Surprise aux céréales surgelé' });
    await records.return(undefined);
  });
});

describe('malformed lines are marked, never fatal', () => {
  it('CSV: a row with the wrong field count, an over-long line', async () => {
    const csv =
      'code\tproduct_name\tbrands\n1\tA\tB\n2\tonly two\n\n' + `3\t${'x'.repeat(100)}\tC\n4\tD\tE\n`;
    const { records } = await readOffRecords('-', {
      stdin: Readable.from([Buffer.from(csv)]),
      maxLineBytes: 64,
    });
    const all = await collect(records);
    expect(all.map((r) => r.kind)).toEqual(['csv', 'malformed', 'malformed', 'csv']);
    expect(all[1]).toMatchObject({ line: 3, reason: '2 fields where the header has 3' });
    expect(all[2]).toMatchObject({ line: 5, format: 'csv' });
  });

  it('JSONL: invalid JSON, a non-object; CRLF lines', async () => {
    const jsonl = '{"code":"1"}\r\n{"code":\r\n[1,2]\r\nnull\r\n{"code":"2"}\r\n';
    const { records } = await readOffRecords('-', { stdin: Readable.from([Buffer.from(jsonl)]) });
    const all = await collect(records);
    expect(all.map((r) => r.kind)).toEqual(['jsonl', 'malformed', 'malformed', 'malformed', 'jsonl']);
    expect(all[2]).toMatchObject({ reason: 'not a JSON object' });
  });

  it('a truncated gzip fails the read as the source breaking (a broken download is not a short export)', async () => {
    const whole = gzipSync(readFileSync(jsonlSample));
    const { records } = await readOffRecords('-', {
      stdin: Readable.from([whole.subarray(0, whole.length - 100)]),
    });
    const error = await collect(records).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceReadError);
    expect((error as Error).message).toMatch(/^Reading - broke off: unexpected end of file/);
  });

  it('refuses a stream that is neither format', async () => {
    await expect(
      readOffRecords('-', { stdin: Readable.from([Buffer.from('hello\nworld\n')]) }),
    ).rejects.toThrow(/CSV or JSONL/);
  });
});

describe('a source without rows is not an export', () => {
  const header = readFileSync(csvSample, 'utf8').split('\n', 1)[0]!;
  it.each([
    ['nothing', Buffer.alloc(0), /^- is empty: not an Open Food Facts export$/],
    ['a gzip of nothing', gzipSync(Buffer.alloc(0)), /^- is empty/],
    ['blank lines', Buffer.from('\n\r\n\n'), /: not an Open Food Facts export$/],
    [
      'the CSV header alone',
      Buffer.from(header + '\n'),
      /^A CSV header and no rows: not an Open Food Facts export$/,
    ],
    ['a header without a code column', Buffer.from('name\tbrands\nA\tB\n'), /without a `code` column/],
  ])('%s: refused', async (_, bytes, message) => {
    const stdin = Readable.from([bytes]);
    const error = await readOffRecords('-', { stdin })
      .then(({ records }) => collect(records))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotAnExportError);
    expect((error as Error).message).toMatch(message);
  });
});

describe('readOffRecords from an http(s) URL, streamed', () => {
  /** The test server is on loopback, which an import refuses unless allowed. */
  const local = { allowPrivateNetwork: true };
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const files: Record<string, string> = {
        '/export-sample.csv': csvSample,
        '/export-sample.jsonl.gz': join(dir, 'sample.jsonl.gz'),
        '/latest.jsonl': jsonlSample,
      };
      if (request.url === '/moved') {
        response.writeHead(302, { location: '/export-sample.csv' }).end();
        return;
      }
      const sample = readFileSync(csvSample);
      if (request.url === '/cut-off.csv' || request.url === '/stalled.csv') {
        response.writeHead(200, { 'content-length': sample.length });
        response.write(sample.subarray(0, 100_000));
        if (request.url === '/cut-off.csv') setTimeout(() => response.socket?.destroy(), 50);
        return;
      }
      const file = files[request.url ?? ''];
      if (!file) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-length': readFileSync(file).length });
      createReadStream(file, { highWaterMark: 16 * 1024 }).pipe(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it('streams the CSV sample, knowing its size from Content-Length', async () => {
    const { source, records } = await readOffRecords(`${base}/export-sample.csv`, local);
    expect(kinds(await collect(records))).toEqual({ csv: 810 });
    expect(source.totalBytes).toBe(readFileSync(csvSample).length);
    expect(source.bytesRead()).toBe(source.totalBytes);
  });

  it('streams a gzipped JSONL download and follows a redirect', async () => {
    const gz = await readOffRecords(`${base}/export-sample.jsonl.gz`, local);
    expect(gz.source.gzipped).toBe(true);
    expect(kinds(await collect(gz.records))).toEqual({ jsonl: 100 });
    const moved = await readOffRecords(`${base}/moved`, local);
    expect(kinds(await collect(moved.records))).toEqual({ csv: 810 });
  });

  it('fails on an HTTP error', async () => {
    await expect(readOffRecords(`${base}/missing.csv`, local)).rejects.toThrow(/HTTP 404/);
  });

  it('a download cut off or stalled fails the read as the source breaking', async () => {
    const cut = await readOffRecords(`${base}/cut-off.csv`, local);
    await expect(collect(cut.records)).rejects.toThrow(SourceReadError);
    const stalled = await readOffRecords(`${base}/stalled.csv`, { ...local, idleTimeoutMs: 300 });
    const error = await collect(stalled.records).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceReadError);
    expect((error as Error).message).toMatch(/No data from .*stalled\.csv for 0\.3 s/);
  });

  it('refuses loopback, private and link-local addresses, IPv4 and IPv6, by name too, unless allowed', async () => {
    const port = new URL(base).port;
    for (const host of [
      '127.0.0.1',
      'localhost',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '10.0.0.1',
      '192.168.1.1',
      '172.16.0.1',
      '169.254.169.254',
      '[fe80::1]',
      '[fd00::1]',
      '0.0.0.0',
    ]) {
      await expect(readOffRecords(`http://${host}:${port}/export-sample.csv`), host).rejects.toThrow(
        /leads to a loopback, private or link-local address/,
      );
    }
    const allowed = await readOffRecords(`http://localhost:${port}/export-sample.csv`, local);
    expect(kinds(await collect(allowed.records))).toEqual({ csv: 810 });
  });
});

describe('redirects', () => {
  it('go to http(s) only, never from https down to http', () => {
    expect(redirectTarget('http://a.example/x', '/y')).toBe('http://a.example/y');
    expect(redirectTarget('http://a.example/x', 'https://b.example/y')).toBe('https://b.example/y');
    expect(redirectTarget('https://a.example/x', '//b.example/y')).toBe('https://b.example/y');
    expect(() => redirectTarget('https://a.example/x', 'http://b.example/y')).toThrow(
      /from https down to http/,
    );
    for (const location of ['ftp://b.example/y', 'file:///etc/passwd', 'data:text/plain,x'])
      expect(() => redirectTarget('http://a.example/x', location)).toThrow(/only to http\(s\)/);
  });

  it("stay within Open Food Facts' origin when one is given", () => {
    const off = 'https://world.openfoodfacts.org';
    expect(redirectTarget(`${off}/api/v2/product/1`, '/api/v2/product/01', off)).toBe(
      `${off}/api/v2/product/01`,
    );
    for (const location of [
      'https://static.openfoodfacts.org/x',
      'https://world.openfoodfacts.org:8443/x',
      'https://127.0.0.1:8766/product.json',
      'https://169.254.169.254/latest/meta-data/',
    ])
      expect(() => redirectTarget(`${off}/api/v2/product/1`, location, off)).toThrow(/it leaves/);
  });
});
