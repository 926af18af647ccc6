import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expect } from 'vitest';
import { createTestDatabase, nodeArgsFor } from '@labelwise/runtime/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cliOf = (name: 'import-off' | 'sync-off') => path.join(root, `backend/src/cli/${name}.ts`);

/** The summary line `npm run import:off` prints last when stdout is not a terminal. */
export interface Summary {
  type: 'summary';
  state: string;
  error?: string;
  rowsRead: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: Record<string, number>;
  skippedTotal: number;
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: Array<Record<string, unknown>>;
  stderr: string;
}

/**
 * Runs `npm run import:off -- …` (or `sync:off` with `cli`) as the user would. Stdout is a pipe:
 * JSON lines, each parsed; a line of plain text comes as `{ type: 'text', text }`.
 */
export function runImportCli(
  databaseUrl: string,
  args: string[],
  options: {
    killWhen?: (line: Record<string, unknown>) => boolean;
    signal?: NodeJS.Signals;
    input?: Buffer;
    env?: NodeJS.ProcessEnv;
    cli?: 'import-off' | 'sync-off';
  } = {},
): Promise<Run> {
  const child = spawn(process.execPath, [...nodeArgsFor(cliOf(options.cli ?? 'import-off')), ...args], {
    cwd: root,
    env: { ...process.env, ...options.env, DATABASE_URL: databaseUrl, EVENT_STORE: 'postgres' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(options.input ?? '');
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
      const text = buffered.slice(0, at);
      const line = (text.startsWith('{') ? JSON.parse(text) : { type: 'text', text }) as Record<
        string,
        unknown
      >;
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

export function summaryOf(run: Run): Summary {
  const summary = run.lines.find((line) => line.type === 'summary');
  if (!summary) throw new Error(`no summary (exit ${run.code}): ${run.stderr}`);
  return summary as unknown as Summary;
}

/** A test database the importer writes to, with the counts its tests check. */
export class ImportTestDatabase {
  private database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  private client: pg.Client | undefined;

  get url(): string {
    if (!this.database) throw new Error('call fresh() first');
    return this.database.url;
  }

  /** Drops the current database (if any) and starts an empty one. */
  async fresh(): Promise<void> {
    await this.close();
    this.database = await createTestDatabase();
    this.client = new pg.Client({ connectionString: this.database.url });
    await this.client.connect();
  }

  async close(): Promise<void> {
    await this.client?.end();
    await this.database?.drop();
    this.client = undefined;
    this.database = undefined;
  }

  async query<R extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<R[]> {
    if (!this.client) throw new Error('call fresh() first');
    return (await this.client.query<R>(sql, values)).rows;
  }

  async count(sql: string, values: unknown[] = []): Promise<number> {
    const rows = await this.query<{ n: string }>(`select count(*) as n from (${sql}) x`, values);
    return Number(rows[0]!.n);
  }

  /** Events other than the runs' own. */
  eventCount(): Promise<number> {
    return this.count(
      `select 1 from events where type <> 'ImportRunStarted' and type <> 'ImportRunFinished'`,
    );
  }

  /** The `ImportRunFinished` events' states, oldest first. */
  async runStates(): Promise<string[]> {
    const rows = await this.query<{ state: string }>(
      `select data ->> 'state' as state from events where type = 'ImportRunFinished' order by global_position`,
    );
    return rows.map((row) => row.state);
  }

  /** Exactly one claim per barcode stream, one product per claim, one `ProductImported` per product. */
  async expectOneProductPerBarcode(): Promise<number> {
    expect(
      await this.count(
        `select stream_id from events where type = 'BarcodeClaimed' group by 1 having count(*) > 1`,
      ),
    ).toBe(0);
    expect(
      await this.count(
        `select stream_id from events where type = 'ProductImported' group by 1 having count(*) > 1`,
      ),
    ).toBe(0);
    const orphans = await this.count(
      `select 1 from events p where p.type = 'ProductImported' and not exists (
         select 1 from events c where c.type = 'BarcodeClaimed' and (c.data ->> 'productId')::bigint = (p.data ->> 'productId')::bigint)`,
    );
    expect(orphans).toBe(0);
    const claimedWithoutProduct = await this.count(
      `select 1 from events c where c.type = 'BarcodeClaimed' and not exists (
         select 1 from events p where p.stream_id = 'product-' || (c.data ->> 'productId'))`,
    );
    expect(claimedWithoutProduct).toBe(0);
    return this.count(`select 1 from events where type = 'ProductImported'`);
  }
}
