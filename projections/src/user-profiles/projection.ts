import { userEventTypes } from '@labelwise/domain';
import { columnNames, createTable, unnestTypes } from '../engine/columns';
import { defineProjection } from '../engine/projection';
import { foldUsers } from '../user-documents';
import { unnestRows } from '../engine/unnest-rows';
import { loadProfiles, profileRow } from './documents';
import { profileColumns, userProfilesTable } from './tables';

const columns = columnNames(profileColumns);
const columnTypes = unnestTypes(profileColumns);

/** Profiles: who the user is, their username, membership, standing and total scans, one row per user. */
export const userProfilesProjection = defineProjection({
  name: 'user_profiles',
  // 2: folded with the user's document, keeping the current subscription's provider, period end
  // and cancellation. 3: erased, and no Premium for a deleted account.
  version: 3,
  eventTypes: userEventTypes,
  tables: ['user_profiles'],

  async createTables(db, schema) {
    const s = db.schema.withSchema(schema);
    await createTable(db, schema, userProfilesTable).execute();
    await s
      .createIndex('user_profiles_username_lower')
      .ifNotExists()
      .on('user_profiles')
      .column('username_lower')
      .execute();
  },

  async handle(events, db) {
    const stored = await loadProfiles(db, [...new Set(events.map((event) => event.data.uid))]);
    const users = foldUsers(events, stored);
    const rows = unnestRows(
      [...users].map(([uid, user]) => profileRow(uid, user)),
      columnTypes,
    );
    await db
      .insertInto('user_profiles')
      .columns(rows.columns)
      .expression(rows.select)
      .onConflict((oc) =>
        oc
          .column('uid')
          .doUpdateSet((eb) =>
            Object.fromEntries(columns.filter((c) => c !== 'uid').map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      )
      .execute();
  },
});
