import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '@labelwise/event-store';
import { streams, assessIngredients } from '@labelwise/domain';
import { generatedCode, writeOffCsv } from '../../../testing/generate-off-csv';
import { OFF_CSV_COLUMNS } from './map-record';
import { ImportTestDatabase, runImportCli, summaryOf } from '../../../testing/off-import-cli';
import { csvSample, jsonlSample } from '../../../testing/off-import-samples';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'off-import-'));
/** For tests that start the CLI three times over thousands of export-wide rows. */
const threeRuns = { timeout: 180_000 };
const db = new ImportTestDatabase();
const importOff = (args: string[], options?: Parameters<typeof runImportCli>[2]) =>
  runImportCli(db.url, args, options);

beforeAll(async () => {
  await db.fresh();
});
afterAll(async () => {
  await db.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('npm run import:off', () => {
  it('imports the CSV sample then the JSONL sample: one product per barcode, the counts its summary printed; a second run appends nothing', async () => {
    const csv = await importOff([csvSample]);
    const jsonl = await importOff([jsonlSample]);
    expect([csv.code, jsonl.code]).toEqual([0, 0]);
    const [a, b] = [summaryOf(csv), summaryOf(jsonl)];
    expect(a).toMatchObject({ state: 'completed', rowsRead: 810, skippedTotal: 0 });
    expect(b).toMatchObject({ state: 'completed', rowsRead: 100, skippedTotal: 0 });
    expect(a.imported + a.updated + a.unchanged).toBe(810);
    expect(b.imported + b.updated + b.unchanged).toBe(100);
    expect(await db.expectOneProductPerBarcode()).toBe(a.imported + b.imported);
    expect(await db.count(`select 1 from events where type = 'ProductUpdatedFromSource'`)).toBe(
      a.updated + b.updated,
    );
    expect(csv.lines.some((line) => line.type === 'progress')).toBe(true);

    const before = await db.eventCount();
    const again = [summaryOf(await importOff([csvSample])), summaryOf(await importOff([jsonlSample]))];
    expect(again.map((s) => [s.imported, s.updated])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(again[0]!.unchanged + again[1]!.unchanged).toBe(910 - a.skippedTotal - b.skippedTotal);
    expect(await db.eventCount()).toBe(before);
    // Every run is recorded on its own stream.
    expect(
      await db.count(
        `select 1 from events where type = 'ImportRunFinished' and data ->> 'state' = 'completed'`,
      ),
    ).toBe(4);
  });

  it('skips malformed rows (and rows without barcode or name), counts them by reason and carries on', async () => {
    await db.fresh();
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
    const run = await importOff([file]);
    expect(run.code).toBe(0);
    expect(summaryOf(run)).toMatchObject({
      state: 'completed',
      rowsRead: 8,
      imported: 2,
      skipped: { malformed: 4, 'no barcode': 1, 'no name': 1, 'not food': 0 },
    });
    expect(await db.expectOneProductPerBarcode()).toBe(2);
  });

  it('applies a newer export as updates of the changed products only', async () => {
    await db.fresh();
    const [first, newer] = [path.join(work, 'first.csv'), path.join(work, 'newer.csv')];
    await writeOffCsv(first, { rows: 300, firstCode: 1_000 });
    await writeOffCsv(newer, {
      rows: 300,
      firstCode: 1_000,
      newerBy: 3600,
      changed: (row) => row % 10 === 0,
    });
    expect(summaryOf(await importOff([first]))).toMatchObject({ imported: 300, updated: 0 });
    const before = await db.eventCount();
    expect(summaryOf(await importOff([newer]))).toMatchObject({
      imported: 0,
      updated: 30,
      unchanged: 270,
    });
    expect(await db.eventCount()).toBe(before + 30);
    expect(
      await db.count(`select 1 from events where type = 'ProductUpdatedFromSource' and stream_id = $1`, [
        (
          await db.query<{ s: string }>(
            `select stream_id as s from events where type = 'ProductImported' and data ->> 'code' = $1`,
            [generatedCode(10, 1_000)],
          )
        )[0]!.s,
      ]),
    ).toBe(1);
    expect(await db.expectOneProductPerBarcode()).toBe(300);
  });

  it('enriches a community product that holds the barcode instead of creating a second one', async () => {
    await db.fresh();
    const store = await createPostgresEventStore(db.url);
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
    expect(summaryOf(await importOff([file]))).toMatchObject({ imported: 19, updated: 1 });
    expect(
      await db.count(
        `select 1 from events where stream_id = 'product-900001' and type = 'ProductUpdatedFromSource'`,
      ),
    ).toBe(1);
    expect(await db.count(`select 1 from events where type = 'BarcodeClaimed'`)).toBe(20);
    expect(
      await db.count(`select 1 from events where type = 'ProductImported' and data ->> 'code' = $1`, [code]),
    ).toBe(0);
  });

  it(
    'resumes after kill -9 mid-import: exactly one product per barcode, nothing lost',
    threeRuns,
    async () => {
      await db.fresh();
      const file = path.join(work, 'big.csv');
      const rows = 2000;
      await writeOffCsv(file, { rows, firstCode: 10_000 });
      const killed = await importOff([file, '--batch-size', '100', '--progress-every', '0'], {
        killWhen: (line) => line.type === 'progress' && Number(line.imported) >= 500,
      });
      expect(killed.signal).toBe('SIGKILL');
      const partial = await db.count(`select 1 from events where type = 'ProductImported'`);
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(rows);
      const resumed = await importOff([file, '--batch-size', '100']);
      const summary = summaryOf(resumed);
      expect(summary.state).toBe('completed');
      expect(summary.imported + summary.unchanged).toBe(rows);
      expect(await db.expectOneProductPerBarcode()).toBe(rows);
      expect(summaryOf(await importOff([file]))).toMatchObject({
        imported: 0,
        updated: 0,
        unchanged: rows,
      });
    },
  );

  it(
    'stays right when its index is lost: the store decides, nothing is appended twice, the index is relearnt',
    threeRuns,
    async () => {
      await db.fresh();
      const file = path.join(work, 'index.csv');
      await writeOffCsv(file, { rows: 500, firstCode: 30_000 });
      expect(summaryOf(await importOff([file]))).toMatchObject({ imported: 500 });
      const before = await db.eventCount();
      // Rows lost but the checkpoint kept: every barcode's claim conflicts and is read back from its stream.
      await db.query('delete from off_import_index');
      expect(summaryOf(await importOff([file]))).toMatchObject({ imported: 0, unchanged: 500 });
      expect(await db.count('select 1 from off_import_index')).toBe(500);
      // Index and checkpoint lost: the run folds the whole store first.
      await db.query('delete from off_import_index; delete from off_import_checkpoint');
      expect(summaryOf(await importOff([file]))).toMatchObject({ imported: 0, unchanged: 500 });
      expect(await db.eventCount()).toBe(before);
      expect(await db.expectOneProductPerBarcode()).toBe(500);
    },
  );

  it('on Ctrl-C finishes the batch in hand, prints the summary, records the run as interrupted and exits 130', async () => {
    await db.fresh();
    const file = path.join(work, 'interrupted.csv');
    const rows = 2000;
    await writeOffCsv(file, { rows, firstCode: 20_000 });
    let signalled = false;
    const run = await importOff([file, '--batch-size', '100', '--progress-every', '0'], {
      signal: 'SIGINT',
      killWhen: (line) => {
        if (signalled || line.type !== 'progress' || Number(line.imported) < 300) return false;
        return (signalled = true);
      },
    });
    expect(run.code).toBe(130);
    const summary = summaryOf(run);
    expect(summary.state).toBe('interrupted');
    expect(summary.imported).toBeLessThan(rows);
    expect(await db.expectOneProductPerBarcode()).toBe(summary.imported);
    expect(
      await db.count(
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
      await db.fresh();
      const gz = summaryOf(await importOff(['--url', `${base}/export.csv.gz`, '--allow-private-network']));
      expect(gz).toMatchObject({ state: 'completed', rowsRead: 810 });
      expect(
        summaryOf(await importOff(['--url', `${base}/export.csv`, '--allow-private-network'])),
      ).toMatchObject({
        rowsRead: 810,
        imported: 0,
        updated: 0,
      });
      const jsonl = summaryOf(
        await importOff(['--url', `${base}/export.jsonl.gz`, '--allow-private-network']),
      );
      expect(jsonl).toMatchObject({ state: 'completed', rowsRead: 100 });
      expect(await db.expectOneProductPerBarcode()).toBe(gz.imported + jsonl.imported);
    });

    it('reports a missing download or bad arguments clearly, importing nothing', async () => {
      const missing = await importOff(['--url', `${base}/nope.csv`, '--allow-private-network']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/404/);
      const usage = await importOff(['--url', 'ftp://example.org/x']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/Usage: npm run import:off/);
    });
  });

  it('reads an export from stdin with -', async () => {
    await db.fresh();
    const run = await importOff(['-'], { input: fs.readFileSync(jsonlSample) });
    expect(summaryOf(run)).toMatchObject({ state: 'completed', rowsRead: 100 });
  });
});
