import { Router } from 'express';
import type { Feature } from '../../http/context';
import { adminArticlesRouter } from './articles/routes';
import { adminBrandsRouter } from './brands/routes';
import { adminDashboardRouter } from './dashboard/routes';
import { adminHistoryRouter } from './history/routes';
import { adminImportRunsRouter } from './import-runs/routes';
import { adminOffContributionsRouter } from './off-contributions/routes';
import { adminProductsRouter } from './products/routes';
import { adminProjectionsRouter } from './projections/routes';
import { adminReviewsRouter } from './reviews/routes';
import { adminUsersRouter } from './users/routes';

/**
 * The moderation console's API under `/api/admin`, in the shape ra-data-simple-rest expects.
 * Every route needs the `admin` custom claim: 401 without a token, 403 without the claim.
 */
export const adminFeature: Feature = (ctx) => {
  const admin = Router();
  admin.use(ctx.authz.requireAdmin);
  for (const router of [
    adminDashboardRouter,
    adminReviewsRouter,
    adminProductsRouter,
    adminBrandsRouter,
    adminArticlesRouter,
    adminUsersRouter,
    adminProjectionsRouter,
    adminHistoryRouter,
    adminImportRunsRouter,
    adminOffContributionsRouter,
  ]) {
    admin.use(router(ctx));
  }
  return Router().use('/admin', admin);
};
