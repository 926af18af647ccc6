import { sql, type Kysely } from 'kysely';

/**
 * The give-back sender's progress on each label queued for Open Food Facts, kept apart from the
 * `off_contributions` read model so a rebuild of it never sends a label again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists off_contribution_sends (
      product_id integer not null,
      label_version integer not null,
      state text not null,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      sending_since timestamptz,
      barcode text,
      product_name text,
      http_status integer,
      answer text,
      queued_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (product_id, label_version)
    )`.execute(db);
  await sql`create index if not exists off_contribution_sends_due on off_contribution_sends (next_attempt_at) where state in ('queued', 'sending')`.execute(
    db,
  );
}
