import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '@labelwise/runtime/embedded-postgres';
import { freePort } from '@labelwise/runtime';

/**
 * A throw-away embedded PostgreSQL for one benchmark run; each peer gets its own database.
 * `profile` loads pg_stat_statements.
 */
export async function startBenchPostgres(profile = false) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-bench-'));
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
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
    async database(name: string) {
      await ensureDatabase(server.url('postgres'), name);
      databases.add(name);
      return server.url(name);
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
