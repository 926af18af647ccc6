import { Router } from 'express';
import { z } from 'zod';
import { notFound } from '@labelwise/domain';
import type { ProductState } from '@labelwise/domain/products/product-document';
import { adminProductView } from '@labelwise/domain/products/product-views';
import { parseInput } from '../../../http/validate';
import { newProductSchema } from '../../products/product-input';
import type { AppContext } from '../../../http/context';
import { listRoute } from '../http/list-query';
import { numericId, reasonSchema } from '../http/params';
import { correctProduct, removeProduct } from './product-commands';
import { PRODUCT_NOT_FOUND_MESSAGE } from '@labelwise/domain/products/product';
import { findAdminProduct, listProducts, productList } from './product-queries';

/** The same field rules as creating a product; every field optional, the rating never accepted. */
const correctionSchema = newProductSchema.omit({ rating: true }).partial();
const removalSchema = z.strictObject({ reason: reasonSchema });

async function productRecord(ctx: AppContext, id: number) {
  const product = await findAdminProduct(ctx.db, id);
  if (!product) throw notFound('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND_MESSAGE);
  return product;
}

/**
 * The record after a moderator's change: community numbers from the read models, the product as
 * the command left it, which the read models may still lag behind.
 */
async function productAfterChange(ctx: AppContext, product: ProductState) {
  if (product.status === 'absent') throw notFound('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND_MESSAGE);
  return adminProductView(product, await productRecord(ctx, product.productId));
}

/** `GET /admin/products[/:id]`, `PUT /admin/products/:id` (corrections), `POST /admin/products/:id/remove` ({reason}). */
export function adminProductsRouter(ctx: AppContext): Router {
  const router = Router();

  listRoute(router, 'products', productList, (query) => listProducts(ctx.db, query));

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
