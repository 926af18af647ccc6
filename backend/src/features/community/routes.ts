import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '../../http/validate';
import type { Feature } from '../../http/context';
import { parseProductId } from '../products/product-input';
import { PRODUCT_NOT_FOUND } from '../products/product-queries';
import { similarProducts } from './similar-products';

/** The most either community list answers at once. */
export const COMMUNITY_LIST_LIMIT = 24;
/** The home page shows up to 3 recommended green products (spec §9). */
const favouritesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(COMMUNITY_LIST_LIMIT).default(3),
});

/** Spec §7 community reads: clean alternatives, favourites, and alternatives to one product. */
export const communityFeature: Feature = (ctx) => {
  const router = Router();

  router.get('/community/clean-alternatives', async (_req, res) => {
    res.json(
      await ctx.db
        .selectFrom('product_cards')
        .select(['id', 'name', 'brand', 'rating'])
        .where('rating', '=', 'green')
        .where('removed', '=', false)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(COMMUNITY_LIST_LIMIT)
        .execute(),
    );
  });

  /** Green products most recommended (4-5 star reviews), then most scanned, then newest. */
  router.get('/community/favourites', async (req, res) => {
    const { limit } = parseInput(favouritesQuery, req.query);
    const rows = await ctx.db
      .selectFrom('product_ratings as r')
      .innerJoin('product_cards as p', 'p.id', 'r.product_id')
      .select(['p.id', 'p.name', 'p.brand', 'p.rating', 'r.review_count', 'r.rating_total'])
      .where('r.rating', '=', 'green')
      .where('r.listed', '=', true)
      .where('p.removed', '=', false)
      .orderBy('r.recommendations', 'desc')
      .orderBy('r.scans', 'desc')
      .orderBy('r.created_at', 'desc')
      .orderBy('r.product_id', 'desc')
      .limit(limit)
      .execute();
    res.json(
      rows.map(({ review_count, rating_total, ...card }) => ({
        ...card,
        averageRating: review_count > 0 ? Math.round((rating_total / review_count) * 10) / 10 : null,
        reviewCount: review_count,
      })),
    );
  });

  router.get('/alternatives/:id', async (req, res) => {
    const alternatives = await similarProducts(ctx.db, parseProductId(req.params.id));
    if (!alternatives) throw PRODUCT_NOT_FOUND();
    res.json(alternatives);
  });

  return router;
};
