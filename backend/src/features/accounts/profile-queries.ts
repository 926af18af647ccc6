import { sql } from 'kysely';
import type {
  UserActivityResponse,
  UserProfileResponse,
  UserStatsResponse,
  UserState,
} from '@labelwise/domain';
import { userFavouriteCount } from '@labelwise/projections/queries';
import { monthOf, scanAllowance, scansThisMonth, isPremium, isPremiumUntil } from '@labelwise/domain';
import type { AppContext } from '../../http/context';

/**
 * The read-side facts about a user at the server's current time (defaults before the first event
 * lands), in one statement: the profile and this month's count, outer-joined to a single row.
 */
async function readAccount(ctx: Pick<AppContext, 'reads' | 'clock'>, uid: string) {
  const now = ctx.clock();
  const row = await ctx.reads
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

/** `GET /api/user/profile`. The email is the token's, which is newer than the one recorded at sign-up. */
export async function readProfile(
  ctx: Pick<AppContext, 'reads' | 'clock'>,
  user: { uid: string; email: string | null },
): Promise<UserProfileResponse> {
  const account = await readAccount(ctx, user.uid);
  return {
    username: account.username,
    email: user.email ?? account.email,
    isPremium: account.isPremium,
    scansThisMonth: account.scansThisMonth,
  };
}

/**
 * The same profile from the write side: the user stream's state right after a change (the
 * read model may not have caught up). The email is the token's.
 */
export function profileFromUser(
  state: UserState,
  user: { email: string | null },
  now: Date,
): UserProfileResponse {
  return {
    username: state.username,
    email: user.email,
    isPremium: isPremium(state.subscription, now),
    scansThisMonth: scansThisMonth(state, now),
  };
}

/** `GET /api/user-stats`. */
export async function readStats(
  ctx: Pick<AppContext, 'reads' | 'clock' | 'env'>,
  uid: string,
): Promise<UserStatsResponse> {
  const { isPremium, scansThisMonth } = await readAccount(ctx, uid);
  const scanLimit = ctx.env.SCAN_LIMIT;
  const { allowed } = scanAllowance({ isPremium, scansThisMonth, limit: scanLimit });
  return { scansThisMonth, scanLimit, isPremium, canScan: allowed };
}

/**
 * The profile's My Activity: the user's reviews nobody hid, and their favourites (the products they
 * recommend, while still listed), counted as their list is.
 */
export async function readActivity(
  ctx: Pick<AppContext, 'reads'>,
  uid: string,
): Promise<UserActivityResponse> {
  const [{ reviews }, favorites] = await Promise.all([
    ctx.reads
      .selectFrom('product_rating_reviews')
      .select(sql<number>`count(*)::int`.as('reviews'))
      .where('author_uid', '=', uid)
      .where('hidden', '=', false)
      .executeTakeFirstOrThrow(),
    userFavouriteCount(ctx.reads, uid),
  ]);
  return { reviews, favorites };
}
