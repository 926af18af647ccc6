import { Router } from 'express';
import { z } from 'zod';
import { notFound, REVIEW_NOT_FOUND_MESSAGE, productNotFound } from '@labelwise/domain';
import { parseInput, textField } from '../../http/validate';
import type { Feature } from '../../http/context';
import { parseProductId } from '../products';
import { voteOnReview, writeReview } from './review-commands';
import { REVIEW_ID_PATTERN } from './review-id';
import { productReviews } from '@labelwise/projections/queries';

/** `POST /api/reviews` body: rating 1-5, title up to 100, comment required up to 1000. */
const reviewSchema = z.strictObject({
  productId: z.number().int().positive(),
  rating: z
    .number()
    .int('must be a whole number of stars')
    .min(1, 'must be from 1 to 5')
    .max(5, 'must be from 1 to 5'),
  title: textField('reviewTitle')
    .nullish()
    .transform((title) => title || null),
  comment: textField('reviewComment').min(1, 'is required'),
  isVerifiedPurchase: z.boolean().default(false),
});

const voteSchema = z.strictObject({ helpful: z.boolean() });

/** Reviews: list a product's reviews, post or revise one, vote on one. */
export const reviewsFeature: Feature = (ctx) => {
  const router = Router();
  const verifiedUser = ctx.authz.requireUser({ verified: true });

  router.get('/reviews/product/:id', ctx.authz.optionalUser, async (req, res) => {
    const reviews = await productReviews(ctx.reads, parseProductId(String(req.params.id)), req.user?.uid);
    if (!reviews) throw productNotFound();
    res.json(reviews);
  });

  router.post('/reviews', verifiedUser, async (req, res) => {
    const { posted, review } = await writeReview(ctx, req.user!.uid, parseInput(reviewSchema, req.body));
    res.status(posted ? 201 : 200).json(review);
  });

  router.post('/reviews/:id/vote', verifiedUser, async (req, res) => {
    const reviewId = String(req.params.id);
    if (!REVIEW_ID_PATTERN.test(reviewId)) throw notFound('REVIEW_NOT_FOUND', REVIEW_NOT_FOUND_MESSAGE);
    const { helpful } = parseInput(voteSchema, req.body);
    res.json(await voteOnReview(ctx, req.user!.uid, reviewId, helpful));
  });

  return router;
};
