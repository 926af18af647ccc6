import { sql, type Kysely } from 'kysely';
import type { ProjectionDefinition } from '../src/engine/projection';

export interface VoteTallyRow {
  review_id: string;
  helpful: number;
  unhelpful: number;
  /** Voters in the order their events were applied: any loss, repeat or reordering shows. */
  voters: string;
}

type TallyDb = Record<string, VoteTallyRow>;

/** The row that `sideBySide` tallies keep of all votes, as shared writes. */
export const ALL_VOTES = '*all*';

/**
 * A small projection for engine tests: per review, vote counts and the ordered voter list,
 * written set-based (one multi-row upsert per batch). Throws on a vote by `poisonVoter`.
 * With `sideBySide`, a batch's reviews are its own rows (`ownRows`) and it also tallies every
 * vote in the row ALL_VOTES as shared writes; `observe` is told, as each batch writes its own
 * rows, how many other transactions are writing the table at that moment.
 */
export function voteTallyProjection(
  options: {
    name?: string;
    version?: number;
    poisonVoter?: string;
    sideBySide?: { observe?: (othersWriting: number) => void };
  } = {},
): ProjectionDefinition {
  const name = options.name ?? 'test_vote_tallies';
  const { sideBySide } = options;
  const upsert = (db: Kysely<TallyDb>, rows: VoteTallyRow[]) =>
    db
      .insertInto(name)
      .values(rows)
      .onConflict((oc) =>
        oc.column('review_id').doUpdateSet((eb) => ({
          helpful: eb(eb.ref(`${name}.helpful`), '+', eb.ref('excluded.helpful')),
          unhelpful: eb(eb.ref(`${name}.unhelpful`), '+', eb.ref('excluded.unhelpful')),
          voters: eb(eb.ref(`${name}.voters`), '||', eb.ref('excluded.voters')),
        })),
      )
      .execute();
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
      await upsert(db, [...rows.values()]);
      if (!sideBySide) return;
      if (sideBySide.observe) {
        const { rows: locks } = await sql<{ others: number }>`
          select count(*)::int as others from pg_locks
          where relation = ${name}::regclass and mode = 'RowExclusiveLock' and granted
            and pid <> pg_backend_pid()`.execute(db);
        sideBySide.observe(locks[0]!.others);
      }
      const all = { review_id: ALL_VOTES, helpful: 0, unhelpful: 0, voters: '' };
      for (const row of rows.values()) {
        all.helpful += row.helpful;
        all.unhelpful += row.unhelpful;
      }
      all.voters = events
        .map((event) => (event.type === 'ReviewVoted' ? `${event.data.voterUid};` : ''))
        .join('');
      return () => upsert(db, [all]).then(() => {});
    },
    ...(sideBySide && {
      ownRows: (events) =>
        new Set(events.flatMap((event) => (event.type === 'ReviewVoted' ? [event.data.reviewId] : []))),
    }),
  };
}

/** The whole table, sorted, for comparing a live result with a clean rebuild. */
export async function readTallies<DB>(db: Kysely<DB>, table = 'test_vote_tallies'): Promise<VoteTallyRow[]> {
  return (db as unknown as Kysely<TallyDb>).selectFrom(table).selectAll().orderBy('review_id').execute();
}
