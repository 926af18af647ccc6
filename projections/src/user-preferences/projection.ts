import type { Insertable } from 'kysely';
import type { ProjectionDefinition } from '../engine/projection';
import type { UserPreferencesTable } from './tables';

/** Each user's latest PreferencesChanged. */
export const userPreferencesProjection: ProjectionDefinition<'user_preferences'> = {
  name: 'user_preferences',
  version: 1,
  eventTypes: ['PreferencesChanged'],
  tables: ['user_preferences'],

  async createTables(db, schema) {
    await db.schema
      .withSchema(schema)
      .createTable('user_preferences')
      .ifNotExists()
      .addColumn('uid', 'text', (c) => c.primaryKey())
      .addColumn('preferences', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },

  async handle(events, db) {
    const latest = new Map<string, Insertable<UserPreferencesTable>>();
    for (const event of events) {
      if (event.type !== 'PreferencesChanged') continue;
      const { uid, preferences } = event.data;
      latest.set(uid, { uid, preferences: JSON.stringify(preferences), updated_at: event.metadata.at });
    }
    if (latest.size === 0) return;
    await db
      .insertInto('user_preferences')
      .values([...latest.values()])
      .onConflict((oc) =>
        oc.column('uid').doUpdateSet((eb) => ({
          preferences: eb.ref('excluded.preferences'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  },
};
