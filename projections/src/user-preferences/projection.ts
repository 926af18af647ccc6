import type { Insertable } from 'kysely';
import { userEventTypes } from '@labelwise/domain';
import { defineProjection } from '../engine/projection';
import { foldUsers } from '../user-documents';
import { userPreferencesTable, type UserPreferencesTable } from './tables';
import { createTable } from '../engine/columns';

/** Each user's latest preferences and when they changed. */
export const userPreferencesProjection = defineProjection({
  name: 'user_preferences',
  version: 1,
  eventTypes: userEventTypes,
  tables: ['user_preferences'],

  async createTables(db, schema) {
    await createTable(db, schema, userPreferencesTable).execute();
  },

  async handle(events, db) {
    // A change replaces the preferences whole, so the batch folds from a new user's document:
    // whoever changed them in it has them, and no stored row needs reading.
    const users = foldUsers(events);
    const changed: Insertable<UserPreferencesTable>[] = [];
    for (const [uid, { preferences, preferencesChangedAt }] of users) {
      if (preferencesChangedAt !== null)
        changed.push({ uid, preferences: JSON.stringify(preferences), updated_at: preferencesChangedAt });
    }
    if (changed.length === 0) return;
    await db
      .insertInto('user_preferences')
      .values(changed)
      .onConflict((oc) =>
        oc.column('uid').doUpdateSet((eb) => ({
          preferences: eb.ref('excluded.preferences'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  },
});
