import { createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { streams, usernameKey } from '@labelwise/domain';
import type { Database } from '@labelwise/projections';

/**
 * A username's claim stream is named by a keyed hash of the lower-cased name (HMAC-SHA256 under a
 * random key kept in the database, table `username_claim_key`), so that no stream id, in the event
 * store or a copy of it, names a person. Claims made before were named by the name itself: the
 * migration that made the key renamed them in PostgreSQL, and a claim is still decided on top of
 * such a stream where one is left (an EventStoreDB store keeps its stream ids).
 */
export function claimStreamOf(key: Buffer, name: string): string {
  return streams.username(createHmac('sha256', key).update(usernameKey(name)).digest('hex'));
}

/** The key, read once per database a process uses. */
const keys = new WeakMap<object, Promise<Buffer>>();

export function usernameClaimKey(db: Kysely<Database>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = sql<{ key: Buffer }>`select key from username_claim_key`
      .execute(db)
      .then(({ rows }) => rows[0]!.key);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}
