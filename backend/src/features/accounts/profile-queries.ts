import { sql } from 'kysely';
import type { UserActivityResponse, UserProfileResponse, UserStatsResponse } from '@labelwise/domain';
import { RECOMMENDING_STARS } from '@labelwise/domain/reviews/review';
import { scanAllowance } from '@labelwise/domain/users/scan-allowance';
import { isPremiumAt, monthOf } from '@labelwise/domain/users/user';
import type { AppContext } from '../../http/context';

/** The read-side facts about a user at the server's current time (defaults before the first event lands). */
async function readAccount(ctx: Pick<AppContext, 'db' | 'clock'>, uid: string) {
  const now = ctx.clock();
  const [profile, month] = await Promise.all([
    ctx.db
      .selectFrom('user_profiles')
      .select(['username', 'email', 'premium_until'])
      .where('uid', '=', uid)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('monthly_scan_counts')
      .select('count')
      .where('uid', '=', uid)
      .where('month', '=', monthOf(now))
      .executeTakeFirst(),
  ]);
  return {
    username: profile?.username ?? null,
    email: profile?.email ?? null,
    isPremium: isPremiumAt({ premiumUntil: profile?.premium_until?.toISOString() ?? null }, now),
    scansThisMonth: month?.count ?? 0,
  };
}

/** Spec §7 GET /api/user/profile. The email is the token's, which is newer than the one recorded at sign-up. */
export async function readProfile(
  ctx: Pick<AppContext, 'db' | 'clock'>,
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

/** Spec §7 GET /api/user-stats. */
export async function readStats(
  ctx: Pick<AppContext, 'db' | 'clock' | 'env'>,
  uid: string,
): Promise<UserStatsResponse> {
  const { isPremium, scansThisMonth } = await readAccount(ctx, uid);
  const scanLimit = ctx.env.SCAN_LIMIT;
  const { allowed } = scanAllowance({ isPremium, scansThisMonth, limit: scanLimit });
  return { scansThisMonth, scanLimit, isPremium, canScan: allowed };
}

/** Spec §2 My Activity: the user's reviews nobody hid, and their favourites (those recommending the product). */
export async function readActivity(ctx: Pick<AppContext, 'db'>, uid: string): Promise<UserActivityResponse> {
  const { reviews, favorites } = await ctx.db
    .selectFrom('product_rating_reviews')
    .select([
      sql<number>`count(*)::int`.as('reviews'),
      sql<number>`count(*) filter (where stars >= ${RECOMMENDING_STARS})::int`.as('favorites'),
    ])
    .where('author_uid', '=', uid)
    .where('hidden', '=', false)
    .executeTakeFirstOrThrow();
  return { reviews, favorites };
}
