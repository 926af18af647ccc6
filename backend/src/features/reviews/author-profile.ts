import type { Kysely } from 'kysely';
import { ANONYMOUS_AUTHOR } from '@labelwise/domain';
import type { Database } from '@labelwise/projections';

export const ANONYMOUS_USERNAME = ANONYMOUS_AUTHOR;

/** The author's username (shown as 'Anonymous User' when missing) and whether they are suspended; no profile row means neither. */
export async function authorProfile(
  db: Kysely<Database>,
  uid: string,
): Promise<{ username: string; suspended: boolean }> {
  const row = await db
    .selectFrom('user_profiles')
    .select(['username', 'suspended'])
    .where('uid', '=', uid)
    .executeTakeFirst();
  return { username: row?.username?.trim() || ANONYMOUS_USERNAME, suspended: row?.suspended ?? false };
}
