import { Router } from 'express';
import { TEXT_LIMITS, invalid, productNotFound } from '@labelwise/domain';
import { parseInput } from '../../http/validate';
import type { Feature } from '../../http/context';
import { projectionCache } from '../../db/projection-cache';
import { createLiveLookup } from '../off-live';
import { contributeLabel } from './contribute-label';
import { createProduct, PRODUCT_READ_MODELS } from './create-product';
import {
  contributedLabelSchema,
  newProductSchema,
  pageSchema,
  parseProductId,
  searchQuerySchema,
} from './product-input';
import {
  findProduct,
  findProductByBarcode,
  listProducts,
  searchProducts,
  type SearchHit,
} from '@labelwise/projections/queries';

/** Products: list, search, by barcode, by id, create; an unrated product's English label. */
export const productsFeature: Feature = (ctx) => {
  const router = Router();
  const cachedSearch = projectionCache<SearchHit[]>(ctx.reads, PRODUCT_READ_MODELS[0]!);
  const liveLookup = createLiveLookup(ctx);

  router.get('/products', async (req, res) => {
    res.json(await listProducts(ctx.reads, parseInput(pageSchema, req.query)));
  });

  router.get('/products/search', async (req, res) => {
    const q = parseInput(searchQuerySchema, req.query).q?.trim() ?? '';
    if (!q) throw invalid('QUERY_REQUIRED', 'Enter a search term.');
    if (q.length > TEXT_LIMITS.searchQuery)
      throw invalid('QUERY_TOO_LONG', `Search terms are limited to ${TEXT_LIMITS.searchQuery} characters.`);
    res.json(await cachedSearch(q, () => searchProducts(ctx.reads, q)));
  });

  router.get('/products/barcode/:code', async (req, res) => {
    const product =
      (await findProductByBarcode(ctx.reads, req.params.code)) ?? (await liveLookup?.(req.params.code, req));
    if (!product) throw productNotFound();
    res.json(product);
  });

  // Signed in, its creator also finds a personal scan; for everyone else it does not exist.
  router.get('/products/:id', ctx.authz.optionalUser, async (req, res) => {
    const product = await findProduct(ctx.reads, parseProductId(String(req.params.id)), req.user?.uid);
    if (!product) throw productNotFound();
    res.json(product);
  });

  router.post('/products', ctx.authz.requireUser({ verified: true }), async (req, res) => {
    const { rating: _untrusted, offConsent, ...fields } = parseInput(newProductSchema, req.body);
    const { created, product } = await createProduct(ctx, fields, req.user!.uid, offConsent);
    res.status(created ? 201 : 200).json(product);
  });

  // An unrated product's English label, from a user: rated here, never taken from the client.
  router.post('/products/:id/label', ctx.authz.requireUser({ verified: true }), async (req, res) => {
    const productId = parseProductId(String(req.params.id));
    const label = parseInput(contributedLabelSchema, req.body);
    res.json(await contributeLabel(ctx, productId, req.user!.uid, label));
  });

  return router;
};
