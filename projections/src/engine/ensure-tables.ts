import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/database';
import { ensureInfraTables } from '../schema/ensure-infra-tables';
import { LIVE_SCHEMA } from './apply-events';
import type { ProjectionDefinition } from './projection';

/**
 * Idempotent boot step for the API and the worker: the engine's tables, plus each projection's
 * live tables and checkpoint row. A projection seen for the first time gets fresh tables and a
 * checkpoint at the start; one whose version changed is left to the worker's rebuild.
 */
export async function ensureProjectionTables(
  db: Kysely<Database>,
  projections: ProjectionDefinition[],
): Promise<void> {
  await ensureInfraTables(db);
  for (const projection of projections) {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`labelwise:projection:${projection.name}`}))`.execute(
        trx,
      );
      const row = await trx
        .selectFrom('projection_checkpoints')
        .select('version')
        .where('name', '=', projection.name)
        .executeTakeFirst();
      if (row && row.version !== projection.version) return;
      if (!row) {
        // Tables without a checkpoint cannot be trusted: start them over.
        for (const table of projection.tables)
          await sql`drop table if exists ${sql.id(LIVE_SCHEMA, table)}`.execute(trx);
      }
      await projection.createTables(trx, LIVE_SCHEMA);
      if (!row) {
        await trx
          .insertInto('projection_checkpoints')
          .values({
            name: projection.name,
            version: projection.version,
            commit: '0',
            prepare: '0',
            state: 'running',
          })
          .execute();
      }
    });
  }
}
