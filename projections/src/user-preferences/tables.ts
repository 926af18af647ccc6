import type { Preferences } from '@labelwise/domain';
import { jsonb, readTable, text, timestamptz, type RowOf, type TablesOf } from '../engine/columns';

/** A user's latest preferences; no row means the defaults (all false). */
export const userPreferencesTable = readTable('user_preferences', {
  uid: text().primaryKey(),
  preferences: jsonb<Preferences>(),
  updated_at: timestamptz(),
});

export type UserPreferencesTable = RowOf<typeof userPreferencesTable.columns>;

export type UserPreferenceTables = TablesOf<typeof userPreferencesTable>;
