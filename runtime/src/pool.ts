import pg from 'pg';

/**
 * Connecting through a Unix socket while PostgreSQL is stopped finds no socket file (ENOENT), where
 * TCP would be refused (ECONNREFUSED): the same "database away".
 */
export function isMissingSocket(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  return code === 'ENOENT' && syscall === 'connect';
}

/**
 * A pg Pool that survives the server going away: an idle client's connection error
 * (PostgreSQL restarting or stopping) is emitted on the pool, or on a checked-out client,
 * and without a listener it would end the process. The broken client is discarded; the next query reconnects.
 */
export function createPool(
  connectionString: string,
  max = 10,
  options: Pick<pg.PoolConfig, 'connectionTimeoutMillis' | 'query_timeout'> = {},
): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, ...options });
  pool.on('error', () => {});
  // A checked-out client between queries (inside a transaction) emits its error itself.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
