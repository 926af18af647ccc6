import type { Insertable } from 'kysely';
import type { EventData } from '@labelwise/domain';
import { bool, int4, readTable, text, timestamptz, type RowOf, type TablesOf } from '../engine/columns';

/** One row per user stream: who they are, their username, membership and standing. */
export const profileColumns = {
  uid: text().primaryKey(),
  email: text().nullable(),
  display_name: text().nullable(),
  username: text().nullable(),
  /** Lower-cased username for case-insensitive lookups (uniqueness is enforced on the write side). */
  username_lower: text().nullable(),
  /** The current subscription (null without one): its id, plan, provider, period end and cancellation. */
  subscription_id: text().nullable(),
  plan: text<'monthly' | 'yearly'>().nullable(),
  provider: text<EventData<'SubscriptionActivated'>['provider']>().nullable(),
  period_end: timestamptz().nullable(),
  cancels_at: timestamptz().nullable(),
  /**
   * Premium strictly before this instant (the cancellation, else the period end); compare with the
   * clock at query time. Null for a deleted account.
   */
  premium_until: timestamptz().nullable(),
  suspended: bool(),
  /** The account was deleted: the row stays, anonymised, for the counts. */
  erased: bool(),
  registered_at: timestamptz(),
  scans_total: int4(),
};

export const userProfilesTable = readTable('user_profiles', profileColumns);

export type UserProfilesTable = RowOf<typeof profileColumns>;
export type ProfileRow = Insertable<UserProfilesTable>;

export type UserProfileTables = TablesOf<typeof userProfilesTable>;
