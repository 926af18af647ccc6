import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
// Brings in the `inject()` typing of `postgresAdminUrl`, which the global setup provides.
import type {} from './global-setup';

/**
 * A fresh, empty database for one test file on the run's embedded PostgreSQL.
 * Call `drop()` in afterAll.
 */
export async function createTestDatabase(): Promise<{
  url: string;
  name: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  return {
    url,
    name,
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => {},
      ),
  };
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
