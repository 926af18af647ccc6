import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { OFF_ATTRIBUTION } from '../events/import-events';
import { userProfileResponse, userStatsResponse } from './account';
import {
  adminArticleResponse,
  adminDashboardResponse,
  adminReadReplicaResponse,
  adminProductResponse,
  adminRebuildJobResponse,
  adminReviewDetailResponse,
  adminReviewResponse,
  adminUserDetailResponse,
  adminUserResponse,
} from './admin';
import { articleResponse, articleSummaryListResponse } from './articles';
import {
  averageRating,
  communityFavouriteListResponse,
  productCardListResponse,
  productResponse,
  scannedProductListResponse,
} from './products';
import { reviewListResponse, reviewResponse } from './reviews';
import { paymentVerificationResponse, pendingPaymentResponse, subscriptionResponse } from './subscription';
import { healthResponse, runtimeConfigResponse } from './system';

const analysis = {
  rating: 'amber',
  processingLevel: 'moderate',
  additiveCount: 1,
  isProcessed: true,
  isUltraProcessed: false,
  concerns: [{ name: 'E330', severity: 'low' }],
};
const basics = { id: 1, name: 'Oat Bar', brand: 'Acme', rating: 'green' };
/** A community product's card: no photo, no category. */
const card = { ...basics, imageUrl: null, category: null, nutritionWarnings: [], dietaryFlags: [] };
const importedCard = {
  ...basics,
  id: 2,
  imageUrl: 'https://images.openfoodfacts.org/images/products/500/000/000/0002/front_en.3.400.jpg',
  category: 'cereal bars',
  nutritionWarnings: ['high-sugars'],
  dietaryFlags: ['noGluten', 'noPalmOil'],
};
const product = {
  ...basics,
  barcode: '5000000000001',
  ingredients: 'oats, honey',
  description: '',
  weight: '40 g',
  analysis,
  unratedReason: null,
  off: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};
const unratedImport = {
  ...product,
  rating: null,
  analysis: null,
  unratedReason: 'ingredients not in English',
  off: {
    code: '3017620422003',
    nutriScoreGrade: 'e',
    novaGroup: 4,
    nutrition: {
      energyKcal: 539,
      fat: 30.9,
      saturatedFat: 10.6,
      sugars: 56.3,
      salt: 0.107,
      fiber: null,
      proteins: 6.3,
    },
    quantity: '400 g',
    categories: ['sweet spreads'],
    imageUrl: null,
    offUrl: 'https://world.openfoodfacts.org/product/3017620422003',
    lastModifiedT: 1700000000,
    attribution: { ...OFF_ATTRIBUTION },
    frontOfPack: {
      per: '100 g',
      colours: [
        { nutrient: 'fat', grams: 30.9, level: 'high' },
        { nutrient: 'saturates', grams: 10.6, level: 'high' },
        { nutrient: 'sugars', grams: 56.3, level: 'high' },
        { nutrient: 'salt', grams: 0.107, level: 'low' },
      ],
      nutriScoreGrade: 'e',
      warnings: ['high-fat', 'high-saturates', 'high-sugars'],
    },
  },
};
const review = {
  id: 'r1',
  productId: 1,
  rating: 5,
  title: null,
  comment: 'Tasty',
  username: 'ann',
  isVerifiedPurchase: true,
  createdAt: '2026-01-02T03:04:05.000Z',
  helpfulVotes: 2,
  unhelpfulVotes: 0,
};
const adminUser = {
  id: 'uid-1',
  email: 'ann@example.com',
  displayName: null,
  username: 'ann',
  plan: null,
  premiumUntil: null,
  isPremium: false,
  suspended: false,
  deleted: false,
  registeredAt: '2026-01-02T03:04:05.000Z',
  scansTotal: 3,
};
const projection = {
  name: 'product_cards',
  state: 'running',
  lagEvents: 0,
  lagSeconds: 0,
  lastError: null,
  failingEvent: null,
};

/** One sample of each response, as the backend sends it. */
const samples: Array<[string, z.ZodMiniType, unknown]> = [
  ['product', productResponse, product],
  ['unrated imported product', productResponse, unratedImport],
  ['product cards', productCardListResponse, [card, importedCard]],
  ['scanned products', scannedProductListResponse, [{ ...card, scannedAt: '2026-01-02T03:04:05.000Z' }]],
  ['favourites', communityFavouriteListResponse, [{ ...card, averageRating: 4.5, reviewCount: 2 }]],
  ['review', reviewResponse, review],
  ['reviews', reviewListResponse, [review]],
  [
    'articles',
    articleSummaryListResponse,
    [{ id: 1, title: 'E-numbers', summary: 'Why', imageUrl: '/a.jpg' }],
  ],
  [
    'article',
    articleResponse,
    { id: 1, title: 'E-numbers', summary: 'Why', imageUrl: '/a.jpg', category: 'Additives', content: 'Text' },
  ],
  [
    'profile',
    userProfileResponse,
    { username: null, email: 'ann@example.com', isPremium: false, scansThisMonth: 2 },
  ],
  ['stats', userStatsResponse, { scansThisMonth: 2, scanLimit: 10, isPremium: false, canScan: true }],
  [
    'subscription',
    subscriptionResponse,
    {
      mode: 'test',
      isPremium: true,
      subscription: {
        plan: 'monthly',
        provider: 'test',
        status: 'active',
        periodEnd: '2026-02-02T03:04:05.000Z',
        cancelAtPeriodEnd: false,
      },
    },
  ],
  [
    'pending payment',
    pendingPaymentResponse,
    { clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1', mode: 'test' },
  ],
  ['verification', paymentVerificationResponse, { status: 'pending', isPremium: false }],
  [
    'refunded verification',
    paymentVerificationResponse,
    { status: 'refunded', isPremium: false, message: 'Refunded in full.' },
  ],
  [
    'config',
    runtimeConfigResponse,
    {
      firebase: { apiKey: 'demo-api-key', authDomain: 'demo.firebaseapp.com', projectId: 'demo' },
      authEmulatorUrl: 'http://127.0.0.1:9099',
      payments: { mode: 'test', publishableKey: null },
      scanLimit: 10,
      offContribute: false,
    },
  ],
  [
    'health',
    healthResponse,
    {
      status: 'ok',
      database: { ok: true, latencyMs: 1 },
      eventStore: { ok: true, kind: 'postgres', head: '12' },
      auth: { ok: true, provider: 'emulator' },
      projections: [projection],
      readReplicas: [{ name: 'replica 1', state: 'in use', lagSeconds: 0.1 }],
    },
  ],
  [
    'admin product',
    adminProductResponse,
    {
      ...product,
      categories: 'bars',
      source: 'user',
      correctedFields: ['name'],
      createdBy: 'uid-1',
      removed: false,
      reviewCount: 2,
      averageStars: 4.5,
      scans: 7,
    },
  ],
  [
    'admin review',
    adminReviewResponse,
    { ...review, productName: null, productBrand: null, authorUid: 'uid-1', revisedAt: null, hidden: false },
  ],
  [
    'admin review detail',
    adminReviewDetailResponse,
    {
      ...review,
      productName: 'Oat Bar',
      productBrand: 'Acme',
      authorUid: 'uid-1',
      revisedAt: null,
      hidden: true,
      hiddenReason: 'Spam',
    },
  ],
  ['admin user', adminUserResponse, adminUser],
  [
    'admin user detail',
    adminUserDetailResponse,
    {
      ...adminUser,
      suspensionReason: null,
      subscription: {
        provider: 'test',
        plan: 'yearly',
        subscriptionId: 'sub_1',
        periodEnd: '2027-01-02T03:04:05.000Z',
        cancelsAt: null,
      },
      scans: [
        {
          productId: 1,
          productName: null,
          productBrand: null,
          rating: null,
          scannedAt: '2026-01-02T03:04:05.000Z',
        },
      ],
      reviews: [
        {
          id: 'r1',
          productId: 1,
          productName: 'Oat Bar',
          rating: 5,
          title: null,
          comment: 'Tasty',
          hidden: false,
          createdAt: '2026-01-02T03:04:05.000Z',
        },
      ],
    },
  ],
  [
    'admin article',
    adminArticleResponse,
    {
      id: 1,
      title: 'E-numbers',
      summary: 'Why',
      imageUrl: '/a.jpg',
      category: 'Additives',
      content: 'Text',
      publishedAt: '2026-01-02T03:04:05.000Z',
      withdrawn: false,
    },
  ],
  [
    'admin dashboard',
    adminDashboardResponse,
    {
      id: 'today',
      generatedAt: '2026-01-02T03:04:05.000Z',
      reviews: { waiting: 1, hidden: 0, visible: 3, waitingSince: '2026-01-01T03:04:05.000Z' },
      products: { newToday: 0, listed: 5, removed: 1, since: '2026-01-02T00:00:00.000Z' },
      users: { total: 4, premium: 1, suspended: 0 },
      scans: { today: 2 },
      projections: { healthy: true, items: [projection] },
    },
  ],
  [
    'admin read replica',
    adminReadReplicaResponse,
    {
      id: 'replica 2',
      name: 'replica 2',
      state: 'down',
      lagSeconds: null,
      address: 'replica-2.internal:5432/labelwise',
      error: 'connect ECONNREFUSED',
      reads: 1204,
    },
  ],
  [
    'admin rebuild job',
    adminRebuildJobResponse,
    {
      id: 'job-1',
      projections: ['reviews', 'product_ratings'],
      state: 'running',
      startedBy: 'uid-admin',
      startedAt: '2026-01-02T03:04:05.000Z',
      finishedAt: null,
      progress: {
        projection: 'product_ratings',
        phase: 'replaying',
        processed: 40,
        total: 100,
        eventsPerSecond: 20,
        etaSeconds: 3,
      },
      completed: [{ name: 'reviews', processed: 100, seconds: 5 }],
      error: null,
    },
  ],
];

describe('API response contracts', () => {
  it.each(samples)('parse a sample %s response unchanged', (_name, schema, sample) => {
    expect(schema.parse(sample)).toEqual(sample);
  });

  it('refuse a response that lost a field', () => {
    const { name: _name, ...nameless } = product;
    expect(productResponse.safeParse(nameless).success).toBe(false);
    const { imageUrl: _imageUrl, ...photoless } = importedCard;
    expect(productCardListResponse.safeParse([photoless]).success).toBe(false);
  });

  it('drop fields they do not know, so a growing backend does not break the apps', () => {
    expect(productCardListResponse.parse([{ ...card, extra: 1 }])).toEqual([card]);
  });
});

describe('averageRating', () => {
  it('is the mean to one decimal, null without reviews', () => {
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(10, 2)).toBe(5);
    expect(averageRating(0, 0)).toBeNull();
  });
});
