import { sql, type Insertable, type Kysely } from 'kysely';
import type { DomainEvent } from '@labelwise/domain';
import { evolvePremium, type PremiumWindow } from '@labelwise/domain/users/premium';
import type { RecordedEvent } from '@labelwise/event-store';
import type { ProjectionDefinition } from '../engine/projection';
import { unnestRows, type ColumnType } from '../engine/unnest-rows';
import type { Database } from '../schema/database';
import type { UserProfilesTable } from './tables';

type ProfileRow = Insertable<UserProfilesTable>;

/** Every column and its PostgreSQL type: a batch is written as one array per column. */
const columnTypes = {
  uid: 'text',
  email: 'text',
  display_name: 'text',
  username: 'text',
  username_lower: 'text',
  subscription_id: 'text',
  plan: 'text',
  premium_until: 'timestamptz',
  suspended: 'bool',
  registered_at: 'timestamptz',
  scans_total: 'int4',
} as const satisfies Record<keyof UserProfilesTable, ColumnType>;
const columns = Object.keys(columnTypes) as Array<keyof typeof columnTypes>;

/** Every event type this projection handles names its user in `data.uid`. */
const uidOf = (event: RecordedEvent) => (event.data as { uid: string }).uid;

function emptyProfile(uid: string, at: string): ProfileRow {
  return {
    uid,
    email: null,
    display_name: null,
    username: null,
    username_lower: null,
    subscription_id: null,
    plan: null,
    premium_until: null,
    suspended: false,
    registered_at: at,
    scans_total: 0,
  };
}

const premiumWindow = (row: ProfileRow): PremiumWindow => ({
  subscriptionId: row.subscription_id ?? null,
  plan: row.plan ?? null,
  premiumUntil: row.premium_until == null ? null : new Date(row.premium_until).toISOString(),
});

function applyEvent(row: ProfileRow, event: DomainEvent): void {
  switch (event.type) {
    case 'UserRegistered':
      Object.assign(row, { email: event.data.email, display_name: event.data.displayName });
      break;
    case 'UsernameSet':
      Object.assign(row, {
        username: event.data.username,
        username_lower: event.data.username.toLowerCase(),
      });
      break;
    case 'ScanRecorded':
      row.scans_total = (row.scans_total ?? 0) + 1;
      break;
    case 'SubscriptionActivated':
    case 'SubscriptionCancelled':
    case 'SubscriptionExpired': {
      // The same premium rule as the write side's decider.
      const window = evolvePremium(premiumWindow(row), event);
      Object.assign(row, {
        subscription_id: window.subscriptionId,
        plan: window.plan,
        premium_until: window.premiumUntil,
      });
      break;
    }
    case 'UserSuspended':
    case 'UserReinstated':
      row.suspended = event.type === 'UserSuspended';
      break;
  }
}

/** Profiles: username, premium window, suspension and total scans, one row per user. */
export const userProfilesProjection: ProjectionDefinition<'user_profiles'> = {
  name: 'user_profiles',
  version: 1,
  eventTypes: [
    'UserRegistered',
    'UsernameSet',
    'ScanRecorded',
    'SubscriptionActivated',
    'SubscriptionCancelled',
    'SubscriptionExpired',
    'UserSuspended',
    'UserReinstated',
  ],
  tables: ['user_profiles'],

  async createTables(db, schema) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('user_profiles')
      .ifNotExists()
      .addColumn('uid', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text')
      .addColumn('display_name', 'text')
      .addColumn('username', 'text')
      .addColumn('username_lower', 'text')
      .addColumn('subscription_id', 'text')
      .addColumn('plan', 'text')
      .addColumn('premium_until', 'timestamptz')
      .addColumn('suspended', 'boolean', (c) => c.notNull())
      .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
      .addColumn('scans_total', 'integer', (c) => c.notNull())
      .execute();
    await s
      .createIndex('user_profiles_username_lower')
      .ifNotExists()
      .on('user_profiles')
      .column('username_lower')
      .execute();
  },

  async handle(events, db) {
    const profiles = await loadProfiles(db, events);
    for (const event of events) {
      const uid = uidOf(event);
      let row = profiles.get(uid);
      if (!row) profiles.set(uid, (row = emptyProfile(uid, event.metadata.at)));
      applyEvent(row, event);
    }
    const rows = unnestRows([...profiles.values()], columnTypes);
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
};

async function loadProfiles(db: Kysely<Database>, events: RecordedEvent[]): Promise<Map<string, ProfileRow>> {
  const uids = [...new Set(events.map(uidOf))];
  const rows = await db
    .selectFrom('user_profiles')
    .select(columns)
    .where(sql<boolean>`uid = any(${uids}::text[])`)
    .execute();
  return new Map(rows.map((row) => [row.uid, row]));
}
