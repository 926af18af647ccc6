import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresEventStore } from '@labelwise/event-store';
import { createDb, projections } from '@labelwise/projections';
import { writeOffCsv } from '@labelwise/backend/testing';
import type { Row } from '../core/report';
import type { Section } from '../core/section';
import { catchUp } from '../dataset/catch-up';
import {
  cpuProfileArgs,
  freshProfileDir,
  resetStatements,
  topFunctions,
  topStatements,
} from '../core/profiles';
import { fmt, repoRoot, round } from '../support';
import { measureImportedReads } from './off-reads';

const IMPORT_TARGET = 20_000;
/** A UK or US export has an English ingredient list in about half its rows. */
const ENGLISH_SHARE = 0.5;
const CATCH_UP_TARGET = 30_000;
const RSS_POLL_MS = 200;

interface ImportRun {
  seconds: number;
  peakRssBytes: number;
  summary: { imported: number; updated: number; unchanged: number; skippedTotal: number; state: string };
}

/** Peak resident memory of a live process so far (VmHWM), 0 when it has gone. */
function peakRss(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The node arguments of package.json's `import:off` script (`node <flags and entry>`), so the bench runs what users run. */
function importScriptArgs(): string[] {
  const packageJson = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = packageJson.scripts['import:off']!.split(/\s+/);
  if (command !== 'node') throw new Error('the import:off script no longer starts with node');
  return args;
}

/** `npm run import:off -- <file>` as a user runs it, timed, its peak RSS sampled from /proc. */
function runImporter(
  file: string,
  databaseUrl: string,
  progress: (m: string) => void,
  cpuProfileDir?: string,
): Promise<ImportRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [...cpuProfileArgs(cpuProfileDir), ...importScriptArgs(), file], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, EVENT_STORE: 'postgres' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, peakRss(child.pid!))), RSS_POLL_MS);
  let buffered = '';
  let summary: ImportRun['summary'] | undefined;
  let lastReport = 0;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
      const line = JSON.parse(buffered.slice(0, at)) as {
        type: string;
        rowsRead: number;
        rowsPerSecond: number;
      };
      buffered = buffered.slice(at + 1);
      if (line.type === 'summary') summary = line as unknown as ImportRun['summary'];
      else if (performance.now() - lastReport > 5000) {
        lastReport = performance.now();
        progress(`importing: ${fmt(line.rowsRead)} rows (${fmt(line.rowsPerSecond)} rows/s)`);
      }
    }
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(sampler);
      if (code !== 0 || !summary) return reject(new Error(`import:off exited with code ${code}`));
      resolve({ seconds: (performance.now() - started) / 1000, peakRssBytes: peak, summary });
    });
  });
}

/** The first line of a file (a CSV header), read without reading the rest. */
function firstLine(file: string): string {
  const head = Buffer.alloc(64 * 1024);
  const fd = fs.openSync(file, 'r');
  try {
    const length = fs.readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, length).toString('utf8').split('\n', 1)[0]!;
  } finally {
    fs.closeSync(fd);
  }
}

/** The floor: PostgreSQL's COPY of the same file into a plain table of text columns, no index. */
async function copyIntoPlainTable(
  file: string,
  databaseUrl: string,
): Promise<{ seconds: number; rows: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Every column of the file's header, as the export has them.
    const columns = firstLine(file)
      .split('\t')
      .map((c) => `"${c.replaceAll('"', '""')}" text`)
      .join(', ');
    await client.query(`drop table if exists off_copy; create table off_copy (${columns})`);
    const started = performance.now();
    // Tab-separated, unquoted (as OFF exports): csv mode with a quote character that never occurs.
    const { rowCount } = await client.query(
      `copy off_copy from '${file.replaceAll("'", "''")}' with (format csv, header true, delimiter E'\\t', quote E'\\x01')`,
    );
    return { seconds: (performance.now() - started) / 1000, rows: rowCount ?? 0 };
  } finally {
    await client.end();
  }
}

async function bytesOf(databaseUrl: string, tables: readonly string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>(
      `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::text as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and c.relname = any($1)`,
      [tables],
    );
    return Number(rows[0]!.bytes);
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;

/**
 * Imports a generated OFF-format CSV export (N rows as wide as the real export's, about half
 * with an English ingredient list) through
 * `npm run import:off`, beside PostgreSQL's COPY of the same file (the floor); then catches the
 * read tables up over it, reports the disk used per product and the importer's peak RSS, and
 * measures the product reads over the imported catalogue.
 */
export const offImportSection: Section = {
  id: 'import',
  title: '8. Open Food Facts import',
  async run(ctx, notes) {
    const rows = ctx.sizes.offRows;
    const postgres = await ctx.postgres();
    const url = await postgres.database('off_import');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-off-'));
    fs.chmodSync(dir, 0o755);
    const file = path.join(dir, 'export.csv');
    try {
      const englishShare = ctx.offAllEnglish ? 1 : ENGLISH_SHARE;
      const lists = ctx.offAllEnglish
        ? "an English ingredient list in every row (the analyser's worst case)"
        : `an English ingredient list (the starter set's, with their ingredient tags) in ${englishShare * 100} % of rows, as in a UK or US export, the other rows keeping their real row's list (in the sample 2 % English, 17 % in other languages, the rest none)`;
      ctx.progress(`writing a generated OFF export of ${fmt(rows)} rows`);
      await writeOffCsv(file, { rows, englishShare });
      fs.chmodSync(file, 0o644);
      const fileBytes = fs.statSync(file).size;
      const columns = firstLine(file).split('\t').length;

      ctx.progress('peer: COPY of the same file into a plain table');
      const copy = await copyIntoPlainTable(file, url);
      await postgres.settle();

      ctx.progress('npm run import:off');
      if (ctx.profile) await resetStatements(url);
      const cpuProfileDir = freshProfileDir(ctx.profile, 'import');
      const imported = await runImporter(file, url, ctx.progress, cpuProfileDir);
      if (cpuProfileDir)
        notes.push(
          `Profile: PostgreSQL statements during the import: ${(await topStatements(url, 12)).join(' | ')}. Importer CPU by function (self time of its main thread, ${cpuProfileDir}): ${topFunctions(cpuProfileDir, 15).join('; ')}.`,
        );
      const products = imported.summary.imported;
      const importRate = Math.round(products / imported.seconds);
      const copyRate = Math.round(copy.rows / copy.seconds);
      if (products !== rows) notes.push(`WARNING: ${fmt(products)} of ${fmt(rows)} rows imported`);

      const db = createDb(url, { max: 4 });
      const store = await createPostgresEventStore(url, { max: 4 });
      try {
        ctx.progress(`read tables: catch-up of ${projections.length} projections over the import`);
        if (ctx.profile) await resetStatements(url);
        const workerProfileDir = freshProfileDir(ctx.profile, 'catch-up');
        const caught = await catchUp({
          db,
          store,
          databaseUrl: url,
          projections,
          progress: ctx.progress,
          cpuProfileDir: workerProfileDir,
        });
        if (workerProfileDir)
          notes.push(
            `Profile: PostgreSQL statements during the catch-up: ${(await topStatements(url, 12)).join(' | ')}. Worker CPU by function (self time of its main thread, ${workerProfileDir}): ${topFunctions(workerProfileDir, 15).join('; ')}.`,
          );
        const catchUpRate = Math.round(caught.events / caught.seconds);
        await postgres.settle();
        const storeBytes = await bytesOf(url, ['events', 'streams']);
        const readBytes = await bytesOf(
          url,
          projections.flatMap((p) => p.tables),
        );
        const indexBytes = await bytesOf(url, ['off_import_index']);
        const ids = await db
          .selectFrom('product_cards')
          .select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('last')])
          .where('source', '=', 'off')
          .executeTakeFirstOrThrow();
        const perProduct = (storeBytes + readBytes) / Math.max(1, products);
        notes.push(
          `Generated export: ${fmt(rows)} rows, ${mb(fileBytes)} (${fmt(fileBytes / rows)} bytes and ${columns} columns a row, OFF's export header), each row one of the export sample's real rows (names with a row number, brands, categories, nutrients), ${lists}, no language column, unique codes, varied last_modified_t. Import: the CLI in its own process (time includes start-up), ${imported.summary.state}; peer: COPY of the same file into an unindexed table of text columns (the floor for getting these bytes into PostgreSQL). Catch-up: a projection worker process for every registered projection (${projections.map((p) => p.name).join(', ')}), from zero over the whole store.`,
        );
        const result: Row[] = [
          {
            measure: `import ${fmt(rows)} rows from a local CSV into the event store`,
            ours: `${fmt(importRate)} products/s (${round(imported.seconds, 1)} s)`,
            peer: `PostgreSQL COPY into a plain table: ${fmt(copyRate)} rows/s (${round(copy.seconds, 1)} s)`,
            ratio: round(importRate / copyRate, 3),
            target: `≥ ${fmt(IMPORT_TARGET)} products/s`,
            met: importRate >= IMPORT_TARGET,
            values: {
              productsPerSecond: importRate,
              seconds: round(imported.seconds, 2),
              products,
              copyRowsPerSecond: copyRate,
            },
          },
          {
            measure: `read tables caught up over the import (${fmt(caught.events)} events)`,
            ours: `${fmt(catchUpRate)} events/s (${round(caught.seconds, 1)} s)`,
            peer: '',
            target: `≥ ${fmt(CATCH_UP_TARGET)} events/s`,
            met: catchUpRate >= CATCH_UP_TARGET,
            values: {
              eventsPerSecond: catchUpRate,
              seconds: round(caught.seconds, 2),
              events: caught.events,
            },
          },
          {
            measure: 'disk per imported product (event store + read tables)',
            ours: `${fmt(perProduct)} bytes (${mb(storeBytes)} events + streams, ${mb(readBytes)} read tables)`,
            peer: `importer index (a cache): ${mb(indexBytes)}; the CSV: ${fmt(fileBytes / rows)} bytes/row`,
            values: { bytesPerProduct: Math.round(perProduct), storeBytes, readBytes, indexBytes, fileBytes },
          },
          {
            measure: 'importer peak RSS',
            ours: mb(imported.peakRssBytes),
            peer: '',
            values: { peakRssBytes: imported.peakRssBytes },
          },
        ];
        const reads = await measureImportedReads({
          url,
          rows,
          ids: { first: Number(ids.first), last: Number(ids.last) },
          seconds: ctx.sizes.apiSeconds,
          progress: ctx.progress,
        });
        return [...result, ...reads];
      } finally {
        await store.close();
        await db.destroy();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
