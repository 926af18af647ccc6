import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase, startEmbeddedPostgres } from '@labelwise/backend/infra/embedded-postgres';
import { freePort } from '@labelwise/backend/infra/free-port';

/** A throw-away embedded PostgreSQL for one benchmark run; each peer gets its own database. */
export async function startBenchPostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-bench-'));
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    database: 'bench',
  });
  return {
    async database(name: string) {
      await ensureDatabase(server.url('postgres'), name);
      return server.url(name);
    },
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
