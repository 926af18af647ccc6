import { Router } from 'express';
import { z } from 'zod';
import { TEXT_LIMITS } from '@labelwise/domain';
import { brandSortColumns, listBrands } from '@labelwise/projections/queries';
import { parseInput, textField } from '../../../http/validate';
import type { AppContext } from '../../../http/context';
import { listRoute, searchTerm, tableList } from '../http/list-query';
import { correctBrand } from './brand-correction';

const brandList = tableList({
  filter: z.strictObject({ q: searchTerm }),
  sortColumns: brandSortColumns,
  defaultSort: ['products', 'DESC'],
});

/**
 * `{ from, to, after? }`: `from` is a spelling as the products carry it, matched exactly (not
 * trimmed: a stray space is one of the spellings to correct); `to` is trimmed, like any brand a
 * moderator types; `after` is the previous batch's `next`.
 */
const correctionSchema = z
  .strictObject({
    from: z
      .string()
      .max(TEXT_LIMITS.brand, `must be at most ${TEXT_LIMITS.brand} characters`)
      .refine((from) => from.trim() !== '', 'is required'),
    to: textField('brand').min(1, 'is required'),
    after: z.number().int('must be a product id').min(0, 'must be a product id').optional(),
  })
  .refine(({ from, to }) => from !== to, {
    path: ['to'],
    message: 'must differ from the spelling it corrects',
  });

/**
 * `GET /admin/brands` (the catalogue's spellings with their product counts), `POST
 * /admin/brands/corrections` (one batch of a correction: called again with `after` until `next` is null).
 */
export function adminBrandsRouter(ctx: AppContext): Router {
  const router = Router();

  listRoute(router, 'brands', brandList, (query) => listBrands(ctx.reads, query));

  router.post('/brands/corrections', async (req, res) => {
    res.json(await correctBrand(ctx, req.user!.uid, parseInput(correctionSchema, req.body)));
  });

  return router;
}
