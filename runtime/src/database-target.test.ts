import { describe, expect, it } from 'vitest';
import {
  databaseUrlOf,
  describeDatabaseOf,
  describeDatabaseUrl,
  embeddedDatabaseUrl,
} from './database-target';
import { parseRuntimeEnv } from './env';

describe('the database a process or tool works on', () => {
  it('is DATABASE_URL, else the embedded PostgreSQL on EMBEDDED_PG_PORT (54329 by default)', () => {
    expect(databaseUrlOf(parseRuntimeEnv({}))).toBe(embeddedDatabaseUrl(54329));
    expect(databaseUrlOf(parseRuntimeEnv({ EMBEDDED_PG_PORT: '42010' }))).toBe(embeddedDatabaseUrl(42010));
    const url = 'postgres://app:secret@db.example:6543/labelwise';
    expect(databaseUrlOf(parseRuntimeEnv({ DATABASE_URL: url, EMBEDDED_PG_PORT: '42010' }))).toBe(url);
  });

  it('is described as host:port/database, never with its password', () => {
    expect(describeDatabaseUrl('postgres://app:s3cret@db.example:6543/shop')).toBe('db.example:6543/shop');
    expect(describeDatabaseUrl('postgres://app:s3cret@db.example/shop')).toBe('db.example:5432/shop');
    expect(describeDatabaseUrl(embeddedDatabaseUrl(42010))).toBe('localhost:42010/labelwise');
    expect(describeDatabaseOf(parseRuntimeEnv({ EMBEDDED_PG_PORT: '42010' }))).toBe(
      'Database: localhost:42010/labelwise (the embedded PostgreSQL on EMBEDDED_PG_PORT)',
    );
    const line = describeDatabaseOf(
      parseRuntimeEnv({
        DATABASE_URL: 'postgres://app:s3cret@db.example:6543/shop',
        EVENT_STORE: 'eventstoredb',
        EVENTSTORE_CONNECTION_STRING: 'esdb://admin:changeit@events.example:2113?tls=false',
      }),
    );
    expect(line).toBe(
      'Database: db.example:6543/shop (DATABASE_URL); events in EventStoreDB at events.example:2113',
    );
    expect(line).not.toMatch(/s3cret|changeit/);
  });
});
