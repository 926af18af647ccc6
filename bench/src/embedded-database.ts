import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '@labelwise/runtime/embedded-postgres';
import { freePort } from '@labelwise/runtime';
import { startStreamingReplica } from '@labelwise/runtime/testing/streaming-replica';

/**
 * A throw-away embedded PostgreSQL for one benchmark run; each peer gets its own database.
 * `profile` loads pg_stat_statements.
 */
export async function startBenchPostgres(profile = false) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-bench-'));
  const dataDir = path.join(dir, 'pg');
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    database: 'bench',
    settings: profile ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'] : [],
  });
  const databases = new Set<string>();
  const run = async (database: string, statement: string) => {
    const client = new pg.Client({ connectionString: server.url(database) });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    dataDir,
    async database(name: string) {
      await ensureDatabase(server.url('postgres'), name);
      databases.add(name);
      return server.url(name);
    },
    /**
     * A streaming replica of the whole server (a base backup of every database so far), on a port
     * of its own; `remove()` stops it and drops its slot, which would otherwise keep WAL for it.
     */
    async replica() {
      return startStreamingReplica(server, { dataDir: path.join(dir, 'replica'), port: await freePort() });
    },
    /**
     * Does now the maintenance that bulk writes leave PostgreSQL to do (vacuum and statistics
     * of the tables they filled, writing out their pages), as pgbench vacuums before a run: a
     * figure measured afterwards does not pay for an earlier figure's writes.
     */
    async settle() {
      for (const database of databases) await run(database, 'vacuum (analyze)');
      await run('postgres', 'checkpoint');
    },
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
