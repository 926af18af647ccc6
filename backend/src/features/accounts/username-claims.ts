import { createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  streams,
  usernameClaimDecider,
  usernameKey,
  type Decider,
  type UsernameClaim,
  type UsernameCommand,
  type UsernameEvent,
} from '@labelwise/domain';
import { loadState } from '@labelwise/event-store';
import type { Database } from '@labelwise/projections';
import type { AppContext } from '../../http/context';

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

/** Where a name's claim lived before claim streams were named by a keyed hash. */
export const legacyClaimStreamOf = (name: string) => streams.username(usernameKey(name));

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

export interface UsernameClaimStreams {
  /** The stream the claim is decided and recorded on. */
  stream: string;
  /** The claim's decider: a stream without events starts from what the name's legacy stream holds. */
  decider: Decider<UsernameCommand, UsernameClaim, UsernameEvent>;
}

/** The claim of `name`: its stream, and its decider on top of any claim made before hashing. */
export async function usernameClaim(
  ctx: Pick<AppContext, 'db' | 'store'>,
  name: string,
): Promise<UsernameClaimStreams> {
  const [key, before] = await Promise.all([
    usernameClaimKey(ctx.db),
    loadState(ctx.store, usernameClaimDecider, legacyClaimStreamOf(name)),
  ]);
  return { stream: claimStreamOf(key, name), decider: { ...usernameClaimDecider, initialState: before } };
}

/** Every stream that may hold a claim of `name`: the keyed one and the legacy one. */
export async function claimStreamsOf(ctx: Pick<AppContext, 'db'>, name: string): Promise<string[]> {
  return [claimStreamOf(await usernameClaimKey(ctx.db), name), legacyClaimStreamOf(name)];
}
