import { Migrator, type Kysely, type Migration } from 'kysely';
import { createDb } from '@labelwise/projections';
import * as tablesBeforeMigrations from './migrations/0001-tables-before-migrations';
import * as offContributionSends from './migrations/0002-off-contribution-sends';
import * as usernameClaimKey from './migrations/0003-username-claim-key';
import * as offImportAwaitsOffReading from './migrations/0004-off-import-awaits-off-reading';

/**
 * The schema of the tables that are not projections (idempotent answers, rate-limit counters, the
 * OCR quota, the id sequences, payments, the importer's index, the key naming username claims),
 * one numbered migration each step.
 * Projections keep their own versioned tables (the engine rebuilds them) and the event store its
 * own schema. Listed here rather than read from the folder, so a bundled or renamed build runs the
 * same steps; names sort in the order they run.
 */
const migrations: Record<string, Migration> = {
  '0001-tables-before-migrations': tablesBeforeMigrations,
  '0002-off-contribution-sends': offContributionSends,
  '0003-username-claim-key': usernameClaimKey,
  '0004-off-import-awaits-off-reading': offImportAwaitsOffReading,
};

/**
 * Applies the migrations this database has not had, in one transaction under Kysely's lock (so
 * processes starting together take turns), and throws when one fails.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(
      `database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return results.map((result) => result.migrationName);
}

/** Migrates the database at `url` on a connection of its own (the launcher, `npm run migrate`). */
export async function migrateDatabase(url: string): Promise<string[]> {
  const db = createDb(url, { max: 1 });
  try {
    return await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}
