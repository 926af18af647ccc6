import type {
  UserActivityResponse,
  UserProfileResponse,
  UserStatsResponse,
  UserState,
} from '@labelwise/domain';
import { accountFacts, userFavouriteCount, userVisibleReviewCount } from '@labelwise/projections/queries';
import { scanAllowance, scansThisMonth, isPremium } from '@labelwise/domain';
import type { AppContext } from '../../http/context';

/** `GET /api/user/profile`. The email is the token's, which is newer than the one recorded at sign-up. */
export async function readProfile(
  ctx: Pick<AppContext, 'reads' | 'clock'>,
  user: { uid: string; email: string | null },
): Promise<UserProfileResponse> {
  const account = await accountFacts(ctx.reads, user.uid, ctx.clock());
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
  const { isPremium, scansThisMonth } = await accountFacts(ctx.reads, uid, ctx.clock());
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
  const [reviews, favorites] = await Promise.all([
    userVisibleReviewCount(ctx.reads, uid),
    userFavouriteCount(ctx.reads, uid),
  ]);
  return { reviews, favorites };
}
