import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from 'cors';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppContext, Feature } from '../http/context';
import { apiNotFound, errorMiddleware } from '../http/errors';
import { addressRateLimits } from '../http/rate-limits';
import { requestLog } from '../http/request-log';
import { quantityLabel, RATING_COLOURS, ratingLabel, ratingTone, verdictReason } from '@labelwise/domain';
import { findProduct } from '@labelwise/projections/queries';
import { singlePageApp, type PageMetaLookup } from './static-apps';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Routes that parse their own bodies (large images, raw webhook signatures); one that takes an
 * Idempotency-Key mounts `ctx.idempotentRequests` after its parser.
 */
const OWN_BODY_PARSER = ['/api/process-image', '/api/webhooks/'];
const JSON_LIMIT = '64kb';

function jsonBodies(): RequestHandler {
  const parse = express.json({ limit: JSON_LIMIT, strict: true });
  return (req, res, next) =>
    OWN_BODY_PARSER.some((p) => req.path.startsWith(p)) ? next() : parse(req, res, next);
}

function contentSecurityPolicy(ctx: AppContext) {
  const emulator = ctx.env.FIREBASE_AUTH_EMULATOR_HOST;
  return helmet.contentSecurityPolicy({
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com', 'https://apis.google.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      connectSrc: [
        "'self'",
        'https://*.googleapis.com',
        'https://api.stripe.com',
        ...(emulator ? [`http://${emulator}`, `ws://${emulator}`] : []),
      ],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://*.firebaseapp.com'],
      upgradeInsecureRequests: null,
    },
  });
}

/** The consumer app's product page and the response contracts its first answer is checked with. */
export const PRODUCT_PAGE_MODULES = [
  'src/features/product/product-page.tsx',
  'src/shared/api/contract-set.ts',
] as const;

/**
 * Link previews of /product/{id}: its name, brand and rating (crawlers do not run the app). The
 * page gets the product's answer and its chunks' preloads with it: on a phone's network a shared
 * link then shows the product without waiting for the page's code to ask. A personal scan previews
 * as any page: a shared link tells nobody what its creator scanned.
 */
function productPageMeta(ctx: AppContext): PageMetaLookup {
  return async (pathname) => {
    const id = /^\/product\/(\d{1,15})\/?$/.exec(pathname)?.[1];
    if (!id) return null;
    const product = await findProduct(ctx.reads, Number(id), undefined);
    if (!product) return null;
    const rating = product.rating ? `Rated ${product.rating} on Labelwise` : 'On Labelwise';
    const colours = RATING_COLOURS[ratingTone(product.rating)];
    return {
      title: product.brand ? `${product.name} (${product.brand})` : product.name,
      description:
        product.description ||
        `${rating}: the ingredients, how processed it is and the additives worth a second look.`,
      type: 'product',
      first: {
        heading: product.name,
        details: [product.brand, quantityLabel(product.weight)].filter(Boolean).join(' · '),
        banner: {
          title: ratingLabel(product.rating),
          text: verdictReason(product.rating, product.unratedReason, product.off?.frontOfPack.warnings),
          background: colours.solid,
          colour: colours.onSolid,
        },
      },
      answers: { [`/api/products/${product.id}`]: product },
      modules: PRODUCT_PAGE_MODULES,
    };
  };
}

export function createApp(ctx: AppContext, features: Feature[], options: { serveApps?: boolean } = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.env.TRUST_PROXY);
  app.use(helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false }));
  app.use(contentSecurityPolicy(ctx));
  app.use(requestLog(ctx.logger));
  // The product page's first answer is read here too, not only the API's.
  if (ctx.replicas) app.use(ctx.replicas.readAfterWrites);
  app.use(
    '/api',
    cors({
      origin: (origin, done) => done(null, !origin || ctx.env.CORS_ORIGINS.includes(origin)),
      credentials: true,
    }),
  );
  app.use('/api', ...addressRateLimits(ctx.env, ctx.db));
  app.use(jsonBodies());
  for (const feature of features) app.use('/api', feature(ctx));
  app.use('/api', apiNotFound);

  if (options.serveApps !== false) {
    app.use(
      '/articles',
      express.static(path.join(repoRoot, 'reference-data/assets/articles'), { maxAge: '1d' }),
    );
    app.use(singlePageApp('/admin', path.join(repoRoot, 'admin/dist')));
    app.use(singlePageApp('/', path.join(repoRoot, 'frontend/dist'), { pageMeta: productPageMeta(ctx) }));
  }
  app.use(errorMiddleware);
  return app;
}
