import type { Feature } from '../http/context';
import { accountDeletionFeature } from '../features/account-deletion/routes';
import { accountsFeature } from '../features/accounts/feature';
import { adminFeature } from '../features/admin/feature';
import { articlesFeature } from '../features/articles/routes';
import { communityFeature } from '../features/community/routes';
import { dataDownloadFeature } from '../features/data-download/routes';
import { productsFeature } from '../features/products/routes';
import { reviewsFeature } from '../features/reviews/routes';
import { systemRouter } from '../features/system/routes';
import { ocrFeature } from '../features/ocr/feature';
import { paymentsFeature } from '../features/payments/feature';

/** Every feature router, mounted at /api in this order. */
export const features: Feature[] = [
  systemRouter,
  paymentsFeature,
  productsFeature,
  reviewsFeature,
  articlesFeature,
  communityFeature,
  accountsFeature,
  accountDeletionFeature,
  dataDownloadFeature,
  ocrFeature,
  adminFeature,
];
