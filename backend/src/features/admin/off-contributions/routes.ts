import { Router } from 'express';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { AdminOffContributionResponse } from '@labelwise/domain';
import { countedPage, queuedLabels, type ListQuery } from '@labelwise/projections/queries';
import type { Database } from '@labelwise/projections';
import type { AppContext } from '../../../http/context';
import { withSendsTable, type GiveBackDatabase } from '../../off-give-back';
import { listRoute, tableList } from '../http/list-query';

const states = ['queued', 'sending', 'sent', 'rejected', 'failed'] as const;

export const offContributionList = tableList({
  filter: z.strictObject({ state: z.enum(states).optional() }),
  sortColumns: { queuedAt: 'c.queued_at', updatedAt: 's.updated_at', state: 'state' },
  defaultSort: ['queuedAt', 'DESC'],
});
type Filter = z.infer<typeof offContributionList.filter>;
type SortField = keyof typeof offContributionList.sortColumns;

const stateOf = sql<AdminOffContributionResponse['state']>`coalesce(s.state, 'queued')`;

/** The queued labels `filter` picks, with the sender's progress on each (none before it took one: queued). */
function contributions(db: Kysely<GiveBackDatabase>, filter: Filter) {
  return db
    .selectFrom(queuedLabels(db).as('c'))
    .leftJoin('off_contribution_sends as s', (join) =>
      join.onRef('s.product_id', '=', 'c.product_id').onRef('s.label_version', '=', 'c.label_version'),
    )
    .$if(filter.state !== undefined, (qb) => qb.where(stateOf, '=', filter.state!));
}

export function listOffContributions(db: Kysely<Database>, query: ListQuery<Filter, SortField>) {
  const sends = withSendsTable(db);
  return countedPage(
    contributions(sends, query.filter)
      .select([
        'c.product_id',
        'c.label_version',
        'c.kind',
        'c.queued_at',
        'c.barcode as queued_barcode',
        'c.product_name as queued_name',
        'c.brand',
        's.barcode',
        's.product_name',
        stateOf.as('state'),
        's.attempts',
        's.http_status',
        's.answer',
        's.updated_at',
        's.next_attempt_at',
      ])
      .orderBy(sql.ref(offContributionList.sortColumns[query.sort.field]), query.sort.direction)
      .orderBy('c.product_id', query.sort.direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    contributions(sends, query.filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
    (row): AdminOffContributionResponse => ({
      id: `${row.product_id}-${row.label_version}`,
      productId: row.product_id,
      kind: row.kind,
      barcode: row.barcode ?? row.queued_barcode,
      productName: row.product_name ?? row.queued_name,
      brand: row.brand,
      state: row.state,
      attempts: row.attempts ?? 0,
      httpStatus: row.http_status,
      answer: row.answer,
      queuedAt: row.queued_at.toISOString(),
      updatedAt: row.updated_at?.toISOString() ?? null,
      nextAttemptAt: row.state === 'queued' ? (row.next_attempt_at ?? row.queued_at).toISOString() : null,
    }),
  );
}

/** `GET /admin/off-contributions`: the labels given back to Open Food Facts, newest first. */
export function adminOffContributionsRouter(ctx: AppContext): Router {
  const router = Router();
  listRoute(router, 'off-contributions', offContributionList, (query) =>
    listOffContributions(ctx.reads, query),
  );
  return router;
}
