import { sql, type Kysely } from 'kysely';

/**
 * The importer's index learns which products were imported before it kept Open Food Facts'
 * reading of lists not in English, so that importing the same export again rates them. Its rows
 * were folded without that fact: the checkpoint goes, and the next import run folds the event log
 * again (once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table off_import_index add column if not exists awaits_off_reading boolean not null default false
  `.execute(db);
  await sql`delete from off_import_checkpoint`.execute(db);
}
