import { Router } from 'express';
import { z } from 'zod';
import { ratingSchema, productNotFound, adminProductView } from '@labelwise/domain';
import type { ProductState } from '@labelwise/domain';
import {
  adminProductSortColumns,
  communityNumbers,
  findAdminProduct,
  listAdminProducts,
} from '@labelwise/projections/queries';
import { parseInput } from '../../../http/validate';
import { newProductSchema } from '../../products';
import type { AppContext } from '../../../http/context';
import { booleanFilter, dateFilter, idList, listRoute, searchTerm, tableList } from '../http/list-query';
import { numericId, reasonSchema } from '../../../http/params';
import { correctProduct, removeProduct } from './product-commands';

const productList = tableList({
  filter: z.strictObject({
    id: idList(z.coerce.number().int().positive()),
    q: searchTerm,
    rating: ratingSchema.optional(),
    source: z.enum(['starter', 'user', 'admin', 'off']).optional(),
    removed: booleanFilter.optional(),
    createdSince: dateFilter.optional(),
  }),
  sortColumns: adminProductSortColumns,
  defaultSort: ['createdAt', 'DESC'],
});

/** The same field rules as creating a product; every field optional, the rating never accepted. */
const correctionSchema = newProductSchema.omit({ rating: true }).partial();
const removalSchema = z.strictObject({ reason: reasonSchema });

async function productRecord(ctx: AppContext, id: number) {
  const product = await findAdminProduct(ctx.reads, id);
  if (!product) throw productNotFound();
  return product;
}

/**
 * The record after a moderator's change: the product as the command left it (the read models may
 * still lag behind), with the community's numbers from the read models.
 */
async function productAfterChange(ctx: AppContext, product: ProductState) {
  if (product.status === 'absent') throw productNotFound();
  return adminProductView(product, await communityNumbers(ctx.reads, product.productId));
}

/** `GET /admin/products[/:id]`, `PUT /admin/products/:id` (corrections), `POST /admin/products/:id/remove` ({reason}). */
export function adminProductsRouter(ctx: AppContext): Router {
  const router = Router();

  listRoute(router, 'products', productList, (query) => listAdminProducts(ctx.reads, query));

  router.get('/products/:id', async (req, res) => {
    res.json(await productRecord(ctx, numericId(req.params)));
  });

  router.put('/products/:id', async (req, res) => {
    const id = numericId(req.params);
    const product = await correctProduct(ctx, req.user!.uid, id, parseInput(correctionSchema, req.body));
    res.json(await productAfterChange(ctx, product));
  });

  router.post('/products/:id/remove', async (req, res) => {
    const id = numericId(req.params);
    const product = await removeProduct(ctx, req.user!.uid, id, parseInput(removalSchema, req.body).reason);
    res.json(await productAfterChange(ctx, product));
  });

  return router;
}
