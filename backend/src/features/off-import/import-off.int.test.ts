import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@labelwise/event-store/testing/test-database';
import { createPostgresEventStore } from '@labelwise/event-store';
import { streams } from '@labelwise/domain';
import { assessIngredients } from '@labelwise/domain/products/assess-ingredients';
import { generatedCode, writeOffCsv } from './generate-off-csv';
import { OFF_CSV_COLUMNS } from './map-record';
import { csvSample, jsonlSample } from './testing-samples';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const cli = path.join(root, 'backend/src/cli/import-off.ts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'off-import-'));

interface Summary {
  type: 'summary';
  state: string;
  rowsRead: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: Record<string, number>;
  skippedTotal: number;
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: Array<Record<string, unknown>>;
  stderr: string;
}

/** Runs `npm run import:off -- …` as the user would (stdout is a pipe: JSON lines). */
function importOff(
  databaseUrl: string,
  args: string[],
  options: {
    killWhen?: (line: Record<string, unknown>) => boolean;
    signal?: NodeJS.Signals;
    input?: Buffer;
  } = {},
): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, EVENT_STORE: 'postgres' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(options.input ?? '');
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
      const line = JSON.parse(buffered.slice(0, at)) as Record<string, unknown>;
      buffered = buffered.slice(at + 1);
      lines.push(line);
      if (options.killWhen?.(line)) child.kill(options.signal ?? 'SIGKILL');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, lines, stderr })),
  );
}

function summaryOf(run: Run): Summary {
  const summary = run.lines.find((line) => line.type === 'summary');
  if (!summary) throw new Error(`no summary (exit ${run.code}): ${run.stderr}`);
  return summary as unknown as Summary;
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: pg.Client;

async function freshDatabase() {
  await client?.end();
  await database?.drop();
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}

async function count(sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from (${sql}) x`, values);
  return Number(rows[0]!.n);
}

/** Exactly one claim per barcode stream, one product per claim, one `ProductImported` per product. */
async function expectOneProductPerBarcode(): Promise<number> {
  expect(
    await count(`select stream_id from events where type = 'BarcodeClaimed' group by 1 having count(*) > 1`),
  ).toBe(0);
  expect(
    await count(`select stream_id from events where type = 'ProductImported' group by 1 having count(*) > 1`),
  ).toBe(0);
  const orphans = await count(
    `select 1 from events p where p.type = 'ProductImported' and not exists (
       select 1 from events c where c.type = 'BarcodeClaimed' and (c.data ->> 'productId')::bigint = (p.data ->> 'productId')::bigint)`,
  );
  expect(orphans).toBe(0);
  const claimedWithoutProduct = await count(
    `select 1 from events c where c.type = 'BarcodeClaimed' and not exists (
       select 1 from events p where p.stream_id = 'product-' || (c.data ->> 'productId'))`,
  );
  expect(claimedWithoutProduct).toBe(0);
  return count(`select 1 from events where type = 'ProductImported'`);
}

const eventCount = () =>
  count(`select 1 from events where type <> 'ImportRunStarted' and type <> 'ImportRunFinished'`);

beforeAll(async () => {
  await freshDatabase();
});
afterAll(async () => {
  await client?.end();
  await database?.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('npm run import:off', () => {
  it('imports the CSV sample then the JSONL sample: one product per barcode, the counts its summary printed; a second run appends nothing', async () => {
    const csv = await importOff(database.url, [csvSample]);
    const jsonl = await importOff(database.url, [jsonlSample]);
    expect([csv.code, jsonl.code]).toEqual([0, 0]);
    const [a, b] = [summaryOf(csv), summaryOf(jsonl)];
    expect(a).toMatchObject({ state: 'completed', rowsRead: 810, skippedTotal: 0 });
    expect(b).toMatchObject({ state: 'completed', rowsRead: 100, skippedTotal: 0 });
    expect(a.imported + a.updated + a.unchanged).toBe(810);
    expect(b.imported + b.updated + b.unchanged).toBe(100);
    expect(await expectOneProductPerBarcode()).toBe(a.imported + b.imported);
    expect(await count(`select 1 from events where type = 'ProductUpdatedFromSource'`)).toBe(
      a.updated + b.updated,
    );
    expect(csv.lines.some((line) => line.type === 'progress')).toBe(true);

    const before = await eventCount();
    const again = [
      summaryOf(await importOff(database.url, [csvSample])),
      summaryOf(await importOff(database.url, [jsonlSample])),
    ];
    expect(again.map((s) => [s.imported, s.updated])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(again[0]!.unchanged + again[1]!.unchanged).toBe(910 - a.skippedTotal - b.skippedTotal);
    expect(await eventCount()).toBe(before);
    // Every run is recorded on its own stream.
    expect(
      await count(`select 1 from events where type = 'ImportRunFinished' and data ->> 'state' = 'completed'`),
    ).toBe(4);
  });

  it('skips malformed rows (and rows without barcode or name), counts them by reason and carries on', async () => {
    await freshDatabase();
    const file = path.join(work, 'malformed.csv');
    const row = (values: Record<string, string>) => OFF_CSV_COLUMNS.map((c) => values[c] ?? '').join('\t');
    const good = {
      product_name: 'Oat drink',
      ingredients_text: 'water, oats, salt',
      lc: 'en',
      last_modified_t: '1700000000',
    };
    fs.writeFileSync(
      file,
      [
        OFF_CSV_COLUMNS.join('\t'),
        row({ ...good, code: '5000000000001' }),
        'too\tfew\tfields',
        row({ ...good, code: '5000000000002' }) + '\textra',
        row({ ...good, code: '' }),
        row({ ...good, code: '5000000000003', product_name: '' }),
        row({ ...good, code: '5000000000004', last_modified_t: '' }),
        '{"not": "csv"}',
        row({ ...good, code: '5000000000005' }),
      ].join('\n') + '\n',
    );
    const run = await importOff(database.url, [file]);
    expect(run.code).toBe(0);
    expect(summaryOf(run)).toMatchObject({
      state: 'completed',
      rowsRead: 8,
      imported: 2,
      skipped: { malformed: 4, 'no barcode': 1, 'no name': 1, 'not food': 0 },
    });
    expect(await expectOneProductPerBarcode()).toBe(2);
  });

  it('applies a newer export as updates of the changed products only', async () => {
    await freshDatabase();
    const [first, newer] = [path.join(work, 'first.csv'), path.join(work, 'newer.csv')];
    await writeOffCsv(first, { rows: 300, firstCode: 1_000 });
    await writeOffCsv(newer, {
      rows: 300,
      firstCode: 1_000,
      newerBy: 3600,
      changed: (row) => row % 10 === 0,
    });
    expect(summaryOf(await importOff(database.url, [first]))).toMatchObject({ imported: 300, updated: 0 });
    const before = await eventCount();
    expect(summaryOf(await importOff(database.url, [newer]))).toMatchObject({
      imported: 0,
      updated: 30,
      unchanged: 270,
    });
    expect(await eventCount()).toBe(before + 30);
    expect(
      await count(`select 1 from events where type = 'ProductUpdatedFromSource' and stream_id = $1`, [
        (
          await client.query<{ s: string }>(
            `select stream_id as s from events where type = 'ProductImported' and data ->> 'code' = $1`,
            [generatedCode(10, 1_000)],
          )
        ).rows[0]!.s,
      ]),
    ).toBe(1);
    expect(await expectOneProductPerBarcode()).toBe(300);
  });

  it('enriches a community product that holds the barcode instead of creating a second one', async () => {
    await freshDatabase();
    const store = await createPostgresEventStore(database.url);
    const metadata = { actor: 'user-1', correlationId: 'c', causationId: null, at: new Date().toISOString() };
    // A user created a product for the barcode of the file's first row before the import.
    const code = generatedCode(0, 5_000);
    await store.append(
      streams.barcode(code),
      [{ type: 'BarcodeClaimed', data: { barcode: code, productId: 900_001 }, metadata }],
      {
        expectedRevision: 'no_stream',
      },
    );
    const ingredients = 'water, sugar';
    await store.append(
      streams.product(900_001),
      [
        {
          type: 'ProductCreated',
          data: {
            productId: 900_001,
            name: 'My drink',
            brand: '',
            barcode: code,
            ingredients,
            description: '',
            weight: '',
            ...assessIngredients(ingredients),
            createdBy: 'user-1',
            source: 'user',
          },
          metadata,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await store.close();
    const file = path.join(work, 'community.csv');
    await writeOffCsv(file, { rows: 20, firstCode: 5_000 });
    expect(summaryOf(await importOff(database.url, [file]))).toMatchObject({ imported: 19, updated: 1 });
    expect(
      await count(
        `select 1 from events where stream_id = 'product-900001' and type = 'ProductUpdatedFromSource'`,
      ),
    ).toBe(1);
    expect(await count(`select 1 from events where type = 'BarcodeClaimed'`)).toBe(20);
    expect(
      await count(`select 1 from events where type = 'ProductImported' and data ->> 'code' = $1`, [code]),
    ).toBe(0);
  });

  it('resumes after kill -9 mid-import: exactly one product per barcode, nothing lost', async () => {
    await freshDatabase();
    const file = path.join(work, 'big.csv');
    const rows = 4000;
    await writeOffCsv(file, { rows, firstCode: 10_000 });
    const killed = await importOff(database.url, [file, '--batch-size', '100', '--progress-every', '0'], {
      killWhen: (line) => line.type === 'progress' && Number(line.imported) >= 500,
    });
    expect(killed.signal).toBe('SIGKILL');
    const partial = await count(`select 1 from events where type = 'ProductImported'`);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(rows);
    const resumed = await importOff(database.url, [file, '--batch-size', '100']);
    const summary = summaryOf(resumed);
    expect(summary.state).toBe('completed');
    expect(summary.imported + summary.unchanged).toBe(rows);
    expect(await expectOneProductPerBarcode()).toBe(rows);
    expect(summaryOf(await importOff(database.url, [file]))).toMatchObject({
      imported: 0,
      updated: 0,
      unchanged: rows,
    });
  });

  it('stays right when its index is lost: the store decides, nothing is appended twice, the index is relearnt', async () => {
    await freshDatabase();
    const file = path.join(work, 'index.csv');
    await writeOffCsv(file, { rows: 500, firstCode: 30_000 });
    expect(summaryOf(await importOff(database.url, [file]))).toMatchObject({ imported: 500 });
    const before = await eventCount();
    // Rows lost but the checkpoint kept: every barcode's claim conflicts and is read back from its stream.
    await client.query('delete from off_import_index');
    expect(summaryOf(await importOff(database.url, [file]))).toMatchObject({ imported: 0, unchanged: 500 });
    expect(await count('select 1 from off_import_index')).toBe(500);
    // Index and checkpoint lost: the run folds the whole store first.
    await client.query('delete from off_import_index; delete from off_import_checkpoint');
    expect(summaryOf(await importOff(database.url, [file]))).toMatchObject({ imported: 0, unchanged: 500 });
    expect(await eventCount()).toBe(before);
    expect(await expectOneProductPerBarcode()).toBe(500);
  });

  it('on Ctrl-C finishes the batch in hand, prints the summary, records the run as interrupted and exits 130', async () => {
    await freshDatabase();
    const file = path.join(work, 'interrupted.csv');
    await writeOffCsv(file, { rows: 4000, firstCode: 20_000 });
    let signalled = false;
    const run = await importOff(database.url, [file, '--batch-size', '100', '--progress-every', '0'], {
      signal: 'SIGINT',
      killWhen: (line) => {
        if (signalled || line.type !== 'progress' || Number(line.imported) < 300) return false;
        return (signalled = true);
      },
    });
    expect(run.code).toBe(130);
    const summary = summaryOf(run);
    expect(summary.state).toBe('interrupted');
    expect(summary.imported).toBeLessThan(4000);
    expect(await expectOneProductPerBarcode()).toBe(summary.imported);
    expect(
      await count(
        `select 1 from events where type = 'ImportRunFinished' and data ->> 'state' = 'interrupted'`,
      ),
    ).toBe(1);
  });

  describe('--url', () => {
    let server: http.Server;
    let base: string;
    beforeAll(async () => {
      const csv = fs.readFileSync(csvSample);
      const files: Record<string, Buffer> = {
        '/export.csv': csv,
        '/export.csv.gz': gzipSync(csv),
        '/export.jsonl.gz': gzipSync(fs.readFileSync(jsonlSample)),
      };
      server = http.createServer((request, response) => {
        const body = files[request.url ?? ''];
        if (!body) return void response.writeHead(404).end('not found');
        response.writeHead(200, { 'content-length': body.length }).end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('streams an export from an http URL, gzipped or not', async () => {
      await freshDatabase();
      const gz = summaryOf(await importOff(database.url, ['--url', `${base}/export.csv.gz`]));
      expect(gz).toMatchObject({ state: 'completed', rowsRead: 810 });
      expect(summaryOf(await importOff(database.url, ['--url', `${base}/export.csv`]))).toMatchObject({
        rowsRead: 810,
        imported: 0,
        updated: 0,
      });
      const jsonl = summaryOf(await importOff(database.url, ['--url', `${base}/export.jsonl.gz`]));
      expect(jsonl).toMatchObject({ state: 'completed', rowsRead: 100 });
      expect(await expectOneProductPerBarcode()).toBe(gz.imported + jsonl.imported);
    });

    it('reports a missing download or bad arguments clearly, importing nothing', async () => {
      const missing = await importOff(database.url, ['--url', `${base}/nope.csv`]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/404/);
      const usage = await importOff(database.url, ['--url', 'ftp://example.org/x']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/Usage: npm run import:off/);
    });
  });

  it('reads an export from stdin with -', async () => {
    await freshDatabase();
    const run = await importOff(database.url, ['-'], { input: fs.readFileSync(jsonlSample) });
    expect(summaryOf(run)).toMatchObject({ state: 'completed', rowsRead: 100 });
  });
});
