import pg from 'pg';

/**
 * A pg Pool that survives the server going away: an idle client's connection error
 * (PostgreSQL restarting or stopping) is emitted on the pool, and without a listener
 * it would end the process. The broken client is discarded; the next query reconnects.
 */
export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => {});
  return pool;
}
