import { sql, type Kysely, type Selectable } from 'kysely';
import { noSubscription, newUser, userPremiumUntil, type UserDocument } from '@labelwise/domain';
import { columnNames } from '../engine/columns';
import type { Database } from '../schema/database';
import { profileColumns, type ProfileRow, type UserProfilesTable } from './tables';

// The one mapping between a user's document and their profile row, which keeps who they are, the
// current subscription, the standing and the scan total (not the preferences, the monthly counts,
// the ended subscriptions nor the requests: the fold needs none of them to fold these fields).

const iso = (instant: Date | null) => instant?.toISOString() ?? null;

/** The profile row of a user whose document has folded at least one event. */
export function profileRow(uid: string, user: UserDocument): ProfileRow {
  const current = user.subscription.current;
  return {
    uid,
    email: user.email,
    display_name: user.displayName,
    username: user.username,
    username_lower: user.username?.toLowerCase() ?? null,
    subscription_id: current?.subscriptionId ?? null,
    plan: current?.plan ?? null,
    provider: current?.provider ?? null,
    period_end: current?.periodEnd ?? null,
    cancels_at: current?.cancelsAt ?? null,
    premium_until: userPremiumUntil(user),
    suspended: user.suspended,
    erased: user.erased,
    registered_at: user.since!,
    scans_total: user.scans.total,
  };
}

/** The part of a user's document their profile row holds; the rest as for a new user. */
export function userOfProfile(row: Selectable<UserProfilesTable>): UserDocument {
  const { subscription_id, plan, provider, period_end } = row;
  const current =
    subscription_id && plan && provider && period_end
      ? {
          subscriptionId: subscription_id,
          plan,
          provider,
          periodEnd: period_end.toISOString(),
          cancelsAt: iso(row.cancels_at),
        }
      : null;
  return {
    ...newUser,
    since: row.registered_at.toISOString(),
    email: row.email,
    displayName: row.display_name,
    username: row.username,
    scans: { total: row.scans_total, byMonth: {} },
    subscription: { ...noSubscription, current },
    suspended: row.suspended,
    erased: row.erased,
  };
}

/** The documents of these users, as far as their profiles hold them. */
export async function loadProfiles(db: Kysely<Database>, uids: string[]): Promise<Map<string, UserDocument>> {
  const rows = await db
    .selectFrom('user_profiles')
    .select(columnNames(profileColumns))
    .where(sql<boolean>`uid = any(${uids}::text[])`)
    .execute();
  return new Map(rows.map((row) => [row.uid, userOfProfile(row)]));
}
