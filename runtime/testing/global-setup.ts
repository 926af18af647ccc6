import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/embedded-postgres';
import { freePort } from '../src/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's throw-away PostgreSQL, `postgres` database: `createTestDatabase()` makes one database per test file on it. */
    postgresAdminUrl: string;
  }
}

/**
 * The PostgreSQL half of the int tests' global setup: a throw-away embedded PostgreSQL on a free
 * port under `dataDir`, provided to the tests as `postgresAdminUrl`. Returns its stop.
 */
export async function provideTestPostgres(
  project: TestProject,
  dataDir: string,
): Promise<() => Promise<void>> {
  const postgres = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    database: 'labelwise_test',
  });
  project.provide('postgresAdminUrl', postgres.url('postgres'));
  return () => postgres.stop();
}
