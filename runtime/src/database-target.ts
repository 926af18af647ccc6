import type { RuntimeEnv } from './env';

/** The role, password and database the embedded PostgreSQL of `npm start` is made with. */
export const EMBEDDED_USER = 'labelwise';
export const EMBEDDED_PASSWORD = 'labelwise';
export const EMBEDDED_DATABASE = 'labelwise';
/**
 * Local clients connect through a Unix socket here rather than TCP on 127.0.0.1: a round trip
 * costs both sides about a fifth less CPU, which the write path pays several times per request.
 * The folder is world-writable, so the `postgres` user can create the socket when we run as root.
 */
export const EMBEDDED_SOCKET_DIR = '/tmp';

/** A database of the embedded PostgreSQL listening on `port`. */
export function embeddedDatabaseUrl(port: number, database = EMBEDDED_DATABASE): string {
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@${encodeURIComponent(EMBEDDED_SOCKET_DIR)}:${port}/${database}`;
}

/**
 * The database every process and tool works on, as `npm start` chooses it: `DATABASE_URL`, else
 * the embedded PostgreSQL on `EMBEDDED_PG_PORT`.
 */
export function databaseUrlOf(env: Pick<RuntimeEnv, 'DATABASE_URL' | 'EMBEDDED_PG_PORT'>): string {
  return env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT);
}

/** Where a database URL leads, without its credentials: `host:port/database` (a local socket as localhost). */
export function describeDatabaseUrl(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  const host = decodeURIComponent(hostname);
  return `${host.startsWith('/') ? 'localhost' : host}:${port || 5432}/${decodeURIComponent(pathname.slice(1))}`;
}

/** The line a tool prints first: which database (and event store) it is about to work on, and why. */
export function describeDatabaseOf(
  env: Pick<RuntimeEnv, 'DATABASE_URL' | 'EMBEDDED_PG_PORT' | 'EVENT_STORE' | 'EVENTSTORE_CONNECTION_STRING'>,
): string {
  const source = env.DATABASE_URL ? 'DATABASE_URL' : 'the embedded PostgreSQL on EMBEDDED_PG_PORT';
  const events =
    env.EVENT_STORE === 'eventstoredb' && env.EVENTSTORE_CONNECTION_STRING
      ? `; events in EventStoreDB at ${new URL(env.EVENTSTORE_CONNECTION_STRING).host}`
      : '';
  return `Database: ${describeDatabaseUrl(databaseUrlOf(env))} (${source})${events}`;
}
