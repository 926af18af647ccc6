import { Router } from 'express';
import { z } from 'zod';
import { startOfMonth, productNotFound } from '@labelwise/domain';
import { parseInput } from '../../http/validate';
import type { Feature } from '../../http/context';
import { parseProductId } from '../products';
import {
  cleanAlternatives,
  communityFavourites,
  COMMUNITY_LIST_LIMIT,
  FAVOURITE_ORDERS,
  similarProducts,
} from '@labelwise/projections/queries';

/** The home page shows up to 3 recommended green products. */
const favouritesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(COMMUNITY_LIST_LIMIT).default(3),
  order: z.enum(FAVOURITE_ORDERS).default('recommended'),
});

/** Community reads: clean alternatives, favourites, and alternatives to one product. */
export const communityFeature: Feature = (ctx) => {
  const router = Router();

  router.get('/community/clean-alternatives', async (_req, res) => {
    res.json(await cleanAlternatives(ctx.reads));
  });

  router.get('/community/favourites', async (req, res) => {
    const { limit, order } = parseInput(favouritesQuery, req.query);
    res.json(await communityFavourites(ctx.reads, { limit, order, monthStart: startOfMonth(ctx.clock()) }));
  });

  router.get('/alternatives/:id', ctx.authz.optionalUser, async (req, res) => {
    const alternatives = await similarProducts(
      ctx.reads,
      parseProductId(String(req.params.id)),
      req.user?.uid,
    );
    if (!alternatives) throw productNotFound();
    res.json(alternatives);
  });

  return router;
};
