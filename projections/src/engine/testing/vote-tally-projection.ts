import type { Kysely } from 'kysely';
import type { ProjectionDefinition } from '../projection';

export interface VoteTallyRow {
  review_id: string;
  helpful: number;
  unhelpful: number;
  /** Voters in the order their events were applied: any loss, repeat or reordering shows. */
  voters: string;
}

type TallyDb = Record<string, VoteTallyRow>;

/**
 * A small projection for engine tests: per review, vote counts and the ordered voter list,
 * written set-based (one multi-row upsert per batch). Throws on a vote by `poisonVoter`.
 */
export function voteTallyProjection(
  options: { name?: string; version?: number; poisonVoter?: string } = {},
): ProjectionDefinition {
  const name = options.name ?? 'test_vote_tallies';
  return {
    name,
    version: options.version ?? 1,
    eventTypes: ['ReviewVoted'],
    tables: [name],
    async createTables(db, schema) {
      await db.schema
        .withSchema(schema)
        .createTable(name)
        .ifNotExists()
        .addColumn('review_id', 'text', (c) => c.primaryKey())
        .addColumn('helpful', 'integer', (c) => c.notNull())
        .addColumn('unhelpful', 'integer', (c) => c.notNull())
        .addColumn('voters', 'text', (c) => c.notNull())
        .execute();
    },
    async handle(events, kysely) {
      const db = kysely as unknown as Kysely<TallyDb>;
      const rows = new Map<string, VoteTallyRow>();
      for (const event of events) {
        if (event.type !== 'ReviewVoted') continue;
        if (event.data.voterUid === options.poisonVoter)
          throw new Error(`poison vote by ${event.data.voterUid}`);
        const row = rows.get(event.data.reviewId) ?? {
          review_id: event.data.reviewId,
          helpful: 0,
          unhelpful: 0,
          voters: '',
        };
        if (event.data.helpful) row.helpful++;
        else row.unhelpful++;
        row.voters += `${event.data.voterUid};`;
        rows.set(row.review_id, row);
      }
      if (rows.size === 0) return;
      await db
        .insertInto(name)
        .values([...rows.values()])
        .onConflict((oc) =>
          oc.column('review_id').doUpdateSet((eb) => ({
            helpful: eb(eb.ref(`${name}.helpful`), '+', eb.ref('excluded.helpful')),
            unhelpful: eb(eb.ref(`${name}.unhelpful`), '+', eb.ref('excluded.unhelpful')),
            voters: eb(eb.ref(`${name}.voters`), '||', eb.ref('excluded.voters')),
          })),
        )
        .execute();
    },
  };
}

/** The whole table, sorted, for comparing a live result with a clean rebuild. */
export async function readTallies<DB>(db: Kysely<DB>, table = 'test_vote_tallies'): Promise<VoteTallyRow[]> {
  return (db as unknown as Kysely<TallyDb>).selectFrom(table).selectAll().orderBy('review_id').execute();
}
