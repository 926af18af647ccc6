import { Router } from 'express';
import { z } from 'zod';
import {
  notFound,
  streams,
  type AdminReviewDetailResponse,
  REVIEW_NOT_FOUND_MESSAGE,
  reviewDecider,
} from '@labelwise/domain';
import type { ReviewState } from '@labelwise/domain';
import type { ProjectionName } from '@labelwise/projections';
import { runCommand } from '../../../commands/run-command';
import { loadState } from '@labelwise/event-store';
import { parseInput } from '../../../http/validate';
import type { AppContext } from '../../../http/context';
import { adminReviewSortColumns, findAdminReview, listAdminReviews } from '@labelwise/projections/queries';
import { dateFilter, idList, listRoute, searchTerm, tableList } from '../http/list-query';
import { reasonSchema, stringId } from '../../../http/params';

const reviewList = tableList({
  filter: z.strictObject({
    id: idList(z.string().max(64)),
    q: searchTerm,
    status: z.enum(['visible', 'hidden']).optional(),
    productId: z.coerce.number().int().positive().optional(),
    rating: z.coerce.number().int().min(1).max(5).optional(),
    authorUid: z.string().max(128).optional(),
    postedSince: dateFilter.optional(),
    postedBefore: dateFilter.optional(),
  }),
  sortColumns: adminReviewSortColumns,
  defaultSort: ['createdAt', 'DESC'],
});

/** Read models the product page and the queue read after a moderation. */
const MODERATION_READ_MODELS: readonly ProjectionName[] = ['reviews', 'product_ratings'];

const moderationSchema = z.discriminatedUnion('hidden', [
  z.strictObject({ hidden: z.literal(true), reason: reasonSchema }),
  z.strictObject({ hidden: z.literal(false) }),
]);

/**
 * The review's record, with whether it is hidden and why (null while visible) from its stream
 * (`known`: its state right after a moderation), which the read model may still lag behind.
 */
async function reviewRecord(
  ctx: AppContext,
  id: string,
  known?: ReviewState,
): Promise<AdminReviewDetailResponse> {
  const [review, state] = await Promise.all([
    findAdminReview(ctx.reads, id),
    known ?? loadState(ctx.store, reviewDecider, streams.review(id), ctx.streamStates),
  ]);
  if (!review || state.status === 'absent') throw notFound('REVIEW_NOT_FOUND', REVIEW_NOT_FOUND_MESSAGE);
  return { ...review, hidden: state.status === 'hidden', hiddenReason: state.hiddenReason };
}

/** The moderation queue: `GET /admin/reviews`, `GET /admin/reviews/:id`, `PUT /admin/reviews/:id` ({hidden, reason}). */
export function adminReviewsRouter(ctx: AppContext): Router {
  const router = Router();

  listRoute(router, 'reviews', reviewList, (query) => listAdminReviews(ctx.reads, query));

  router.get('/reviews/:id', async (req, res) => {
    res.json(await reviewRecord(ctx, stringId(req.params)));
  });

  router.put('/reviews/:id', async (req, res) => {
    const id = stringId(req.params);
    const moderation = parseInput(moderationSchema, req.body);
    const { state } = await runCommand(ctx, {
      decider: reviewDecider,
      stream: streams.review(id),
      command: { type: 'ModerateReview', ...moderation },
      actor: req.user!.uid,
      readModels: MODERATION_READ_MODELS,
    });
    res.json(await reviewRecord(ctx, id, state));
  });

  return router;
}
