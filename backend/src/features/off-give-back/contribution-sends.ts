import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely';
import type { Database } from '@labelwise/projections';
import { queuedLabels } from '@labelwise/projections/queries';

/** Where a label queued for OFF stands. `queued` includes one waiting to be retried. */
export type ContributionState = 'queued' | 'sending' | 'sent' | 'rejected' | 'failed';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * The sender's progress on each queued label (`off_contributions`), kept apart from that read
 * model so a rebuild of it never sends a label again. No user id: a user's erasure need not touch it.
 */
export type OffContributionSendsTable = {
  product_id: number;
  label_version: number;
  state: ContributionState;
  /** POSTs started (a restart's check of OFF counts as one). */
  attempts: number;
  next_attempt_at: Timestamp;
  /** When the attempt under way started; one older than the lease died with its process. */
  sending_since: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** What was sent under: the barcode, and the product's name for the console. */
  barcode: string | null;
  product_name: string | null;
  http_status: number | null;
  /** OFF's answer (its body, cut to 500 characters), or why it was not sent or given up. */
  answer: string | null;
  queued_at: Timestamp;
  updated_at: Timestamp;
};

// Type aliases, not interfaces: Kysely's `withTables` takes only index-compatible types.
export type OffContributionSendTables = { off_contribution_sends: OffContributionSendsTable };

export type GiveBackDatabase = Database & OffContributionSendTables;

/** The read side's database with the sender's table too. */
export const withSendsTable = (db: Kysely<Database>): Kysely<GiveBackDatabase> =>
  db.withTables<OffContributionSendTables>();
export type ContributionSend = Selectable<OffContributionSendsTable>;

/** Takes every label the outbox has that the sender has not seen yet (each once: the key is its version). */
export async function takeNewContributions(db: Kysely<GiveBackDatabase>, now: Date): Promise<void> {
  await db
    .insertInto('off_contribution_sends')
    .columns([
      'product_id',
      'label_version',
      'state',
      'next_attempt_at',
      'barcode',
      'product_name',
      'queued_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom(queuedLabels(db).as('c'))
        .select([
          'product_id',
          'label_version',
          sql.lit('queued').as('state'),
          'queued_at as next_attempt_at',
          'barcode',
          'product_name',
          'queued_at',
          sql.val(now).as('updated_at'),
        ]),
    )
    .onConflict((c) => c.columns(['product_id', 'label_version']).doNothing())
    .execute();
}

/**
 * Claims one due label: queued and due, or sending for longer than `leaseMs` (its process died
 * mid-send). The row lock (skipped by other senders) covers the claim; the claim itself (state
 * `sending`, `sending_since`) keeps the others off it until the lease runs out.
 */
export async function claimDueContribution(
  db: Kysely<GiveBackDatabase>,
  now: Date,
  leaseMs: number,
): Promise<ContributionSend | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('off_contribution_sends')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('state', '=', 'sending'), eb('sending_since', '<=', new Date(now.getTime() - leaseMs))]),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .updateTable('off_contribution_sends')
      .set({ state: 'sending', attempts: row.attempts + 1, sending_since: now, updated_at: now })
      .where('product_id', '=', row.product_id)
      .where('label_version', '=', row.label_version)
      .execute();
    return row;
  });
}

/** Records how a claimed label's attempt ended. */
export async function recordContribution(
  db: Kysely<GiveBackDatabase>,
  row: Pick<ContributionSend, 'product_id' | 'label_version'>,
  outcome: Partial<
    Pick<ContributionSend, 'barcode' | 'product_name' | 'http_status' | 'answer' | 'next_attempt_at'>
  > & {
    state: ContributionState;
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('off_contribution_sends')
    .set({ ...outcome, sending_since: null, updated_at: now })
    .where('product_id', '=', row.product_id)
    .where('label_version', '=', row.label_version)
    .execute();
}
