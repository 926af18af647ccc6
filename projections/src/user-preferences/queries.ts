import type { Kysely } from 'kysely';
import { defaultPreferences, type Preferences } from '@labelwise/domain';
import type { Database } from '../schema/database';

/** A user's preferences: every one false until the user changes something. */
export async function userPreferences(db: Kysely<Database>, uid: string): Promise<Preferences> {
  const row = await db
    .selectFrom('user_preferences')
    .select('preferences')
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row?.preferences ?? defaultPreferences;
}
