import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One row per user stream: who they are, their username, premium window and standing. */
export interface UserProfilesTable {
  uid: string;
  email: string | null;
  display_name: string | null;
  username: string | null;
  /** Lower-cased username for case-insensitive lookups (uniqueness is enforced on the write side). */
  username_lower: string | null;
  /** The subscription the premium window belongs to. */
  subscription_id: string | null;
  plan: 'monthly' | 'yearly' | null;
  /** Premium strictly before this instant; compare with the clock at query time. */
  premium_until: ColumnType<Date | null, Date | string | null, Date | string | null>;
  suspended: boolean;
  registered_at: Timestamp;
  scans_total: number;
}

export interface UserProfileTables {
  user_profiles: UserProfilesTable;
}
