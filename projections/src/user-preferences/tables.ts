import type { ColumnType } from 'kysely';
import type { Preferences } from '@labelwise/domain';

/** A user's latest preferences; no row means the defaults (all false). */
export interface UserPreferencesTable {
  uid: string;
  preferences: ColumnType<Preferences, string, string>;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

export interface UserPreferenceTables {
  user_preferences: UserPreferencesTable;
}
