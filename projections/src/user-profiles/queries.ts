import { sql, type Kysely } from 'kysely';
import { ANONYMOUS_AUTHOR, isPremiumUntil, monthOf } from '@labelwise/domain';
import type { Database } from '../schema/database';

/**
 * The read-side facts about a user at `now` (defaults before the first event lands), in one
 * statement: the profile and this month's count (`monthly_scan_counts`), outer-joined to a single row.
 */
export async function accountFacts(db: Kysely<Database>, uid: string, now: Date) {
  const row = await db
    .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('one'))
    .leftJoin('user_profiles as p', (join) => join.on('p.uid', '=', uid))
    .leftJoin('monthly_scan_counts as m', (join) =>
      join.on('m.uid', '=', uid).on('m.month', '=', monthOf(now)),
    )
    .select(['p.username', 'p.email', 'p.premium_until', 'm.count'])
    .executeTakeFirstOrThrow();
  return {
    username: row.username ?? null,
    email: row.email ?? null,
    isPremium: isPremiumUntil(row.premium_until ?? null, now),
    scansThisMonth: row.count ?? 0,
  };
}

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
  return { username: row?.username?.trim() || ANONYMOUS_AUTHOR, suspended: row?.suspended ?? false };
}
