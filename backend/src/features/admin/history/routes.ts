import { Router } from 'express';
import { z } from 'zod';
import type { RecordedEvent } from '@labelwise/event-store';
import type { AppContext } from '../../../http/context';
import { listRoute, pageOf } from '../http/list-query';

/** The streams an administrator looks into: a product's, a review's, an article's or a user's. */
export const AUDITED_STREAM = /^(product|review|article|user)-[\w.:@-]{1,128}$/;

const historyFilterSchema = z.strictObject({
  stream: z
    .string({ error: 'Choose a stream, e.g. product-12 or user-<uid>' })
    .regex(AUDITED_STREAM, 'must be product-<id>, review-<id>, article-<id> or user-<uid>'),
});

/** One line of the audit trail: when, what, who, and the payload. */
function historyEntry(event: RecordedEvent) {
  return {
    id: event.id,
    stream: event.stream,
    revision: Number(event.revision),
    type: event.type,
    at: event.metadata.at,
    recordedAt: event.recordedAt.toISOString(),
    actor: event.metadata.actor,
    correlationId: event.metadata.correlationId,
    data: event.data,
  };
}

/** `GET /admin/events?filter={"stream":"product-12"}`: a stream's events in order (the audit trail). */
export function adminHistoryRouter(ctx: AppContext): Router {
  const router = Router();

  listRoute(
    router,
    'events',
    {
      filter: historyFilterSchema,
      sortFields: ['revision'],
      defaultSort: ['revision', 'ASC'],
      defaultPageSize: 100,
    },
    async (query) => pageOf((await ctx.store.readStream(query.filter.stream)).map(historyEntry), query),
  );

  return router;
}
