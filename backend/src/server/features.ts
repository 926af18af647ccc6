import type { Feature } from '../http/context';
import { accountDeletionFeature } from '../features/account-deletion';
import { accountsFeature } from '../features/accounts';
import { adminFeature } from '../features/admin';
import { articlesFeature } from '../features/articles';
import { communityFeature } from '../features/community';
import { dataDownloadFeature } from '../features/data-download';
import { productsFeature } from '../features/products';
import { reviewsFeature } from '../features/reviews';
import { systemRouter } from '../features/system';
import { ocrFeature } from '../features/ocr';
import { paymentsFeature } from '../features/payments';

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
