import type { ColumnType, Insertable } from 'kysely';
import type { EventData } from '@labelwise/domain';
import type { Columns } from '../engine/columns';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

/** One row per user stream: who they are, their username, membership and standing. */
export interface UserProfilesTable {
  uid: string;
  email: string | null;
  display_name: string | null;
  username: string | null;
  /** Lower-cased username for case-insensitive lookups (uniqueness is enforced on the write side). */
  username_lower: string | null;
  /** The current subscription (null without one): its id, plan, provider, period end and cancellation. */
  subscription_id: string | null;
  plan: 'monthly' | 'yearly' | null;
  provider: EventData<'SubscriptionActivated'>['provider'] | null;
  period_end: OptionalTimestamp;
  cancels_at: OptionalTimestamp;
  /**
   * Premium strictly before this instant (the cancellation, else the period end); compare with the
   * clock at query time. Null for a deleted account.
   */
  premium_until: OptionalTimestamp;
  suspended: boolean;
  /** The account was deleted: the row stays, anonymised, for the counts. */
  erased: boolean;
  registered_at: Timestamp;
  scans_total: number;
}

export type ProfileRow = Insertable<UserProfilesTable>;

export const profileColumns = {
  uid: { type: 'text', primaryKey: true },
  email: { type: 'text', nullable: true },
  display_name: { type: 'text', nullable: true },
  username: { type: 'text', nullable: true },
  username_lower: { type: 'text', nullable: true },
  subscription_id: { type: 'text', nullable: true },
  plan: { type: 'text', nullable: true },
  provider: { type: 'text', nullable: true },
  period_end: { type: 'timestamptz', nullable: true },
  cancels_at: { type: 'timestamptz', nullable: true },
  premium_until: { type: 'timestamptz', nullable: true },
  suspended: { type: 'bool' },
  erased: { type: 'bool' },
  registered_at: { type: 'timestamptz' },
  scans_total: { type: 'int4' },
} as const satisfies Columns<ProfileRow>;

export interface UserProfileTables {
  user_profiles: UserProfilesTable;
}
