import { z } from 'zod/mini';
import { analysisSummarySchema } from '../events/product-events';
import { unratedReasonSchema } from '../events/import-events';
import { offBlockResponse } from './products';
import { ratingSchema } from './rating';

/**
 * Responses of the moderation console's API (`/api/admin`, in the shape ra-data-simple-rest
 * reads). Lists answer arrays of the record schemas below with a `Content-Range` header.
 */

/** A product as the console shows it: its card, its analysis and its community numbers. */
export const adminProductResponse = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string(),
  barcode: z.string(),
  ingredients: z.string(),
  description: z.string(),
  weight: z.string(),
  categories: z.string(),
  rating: z.nullable(ratingSchema),
  analysis: z.nullable(analysisSummarySchema),
  unratedReason: z.nullable(unratedReasonSchema),
  source: z.enum(['starter', 'user', 'admin', 'off']),
  /** The fields a moderator corrected: a later Open Food Facts import never overwrites them. */
  correctedFields: z.array(z.string()),
  /** The latest Open Food Facts record of the product, if it has one. */
  off: z.nullable(offBlockResponse),
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  removed: z.boolean(),
  reviewCount: z.number(),
  averageStars: z.nullable(z.number()),
  scans: z.number(),
});
export type AdminProductResponse = z.infer<typeof adminProductResponse>;

/** A spelling of a brand in the catalogue (the console's brand list; the spelling is its id). */
export const adminBrandResponse = z.object({
  id: z.string(),
  brand: z.string(),
  /** How many listed products carry this spelling. */
  products: z.number(),
});
export type AdminBrandResponse = z.infer<typeof adminBrandResponse>;

/**
 * `POST /api/admin/brands/corrections`, one batch of a correction: the spelling corrected, how many
 * products this batch corrected, and the `after` of the next batch (null when none is left).
 */
export const adminBrandCorrectionResponse = z.object({
  from: z.string(),
  to: z.string(),
  corrected: z.number(),
  next: z.nullable(z.number()),
});
export type AdminBrandCorrectionResponse = z.infer<typeof adminBrandCorrectionResponse>;

/** A review as the console shows it: with its product and author at a glance. */
export const adminReviewResponse = z.object({
  id: z.string(),
  productId: z.number(),
  productName: z.nullable(z.string()),
  productBrand: z.nullable(z.string()),
  authorUid: z.string(),
  username: z.string(),
  rating: z.number(),
  title: z.nullable(z.string()),
  comment: z.string(),
  isVerifiedPurchase: z.boolean(),
  createdAt: z.string(),
  revisedAt: z.nullable(z.string()),
  hidden: z.boolean(),
  helpfulVotes: z.number(),
  unhelpfulVotes: z.number(),
});
export type AdminReviewResponse = z.infer<typeof adminReviewResponse>;

/** `GET /api/admin/reviews/:id`: the review and the reason it was last hidden (null while visible). */
export const adminReviewDetailResponse = z.extend(adminReviewResponse, {
  hiddenReason: z.nullable(z.string()),
});
export type AdminReviewDetailResponse = z.infer<typeof adminReviewDetailResponse>;

/** A user in the console's list. */
export const adminUserResponse = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  username: z.nullable(z.string()),
  plan: z.nullable(z.enum(['monthly', 'yearly'])),
  premiumUntil: z.nullable(z.string()),
  isPremium: z.boolean(),
  suspended: z.boolean(),
  /** The account was deleted: the row stays anonymised, and nothing can be done to it. */
  deleted: z.boolean(),
  registeredAt: z.string(),
  scansTotal: z.number(),
});
export type AdminUserResponse = z.infer<typeof adminUserResponse>;

/** One of a user's latest scans (the product may be gone from the catalogue). */
export const adminUserScanResponse = z.object({
  productId: z.number(),
  productName: z.nullable(z.string()),
  productBrand: z.nullable(z.string()),
  rating: z.nullable(ratingSchema),
  scannedAt: z.string(),
});
export type AdminUserScanResponse = z.infer<typeof adminUserScanResponse>;

/** One of a user's latest reviews. */
export const adminUserReviewResponse = z.object({
  id: z.string(),
  productId: z.number(),
  productName: z.nullable(z.string()),
  rating: z.number(),
  title: z.nullable(z.string()),
  comment: z.string(),
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserReviewResponse = z.infer<typeof adminUserReviewResponse>;

/**
 * `GET /api/admin/users/:id`: the user with their latest scans and reviews, why they are
 * suspended, and their current subscription while Premium.
 */
export const adminUserDetailResponse = z.extend(adminUserResponse, {
  scans: z.array(adminUserScanResponse),
  reviews: z.array(adminUserReviewResponse),
  suspensionReason: z.nullable(z.string()),
  subscription: z.nullable(
    z.object({
      provider: z.string(),
      plan: z.enum(['monthly', 'yearly']),
      subscriptionId: z.string(),
      periodEnd: z.string(),
      cancelsAt: z.nullable(z.string()),
    }),
  ),
});
export type AdminUserDetailResponse = z.infer<typeof adminUserDetailResponse>;

/** An article as the console edits it. */
export const adminArticleResponse = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  imageUrl: z.string(),
  category: z.string(),
  content: z.string(),
  publishedAt: z.string(),
  withdrawn: z.boolean(),
});
export type AdminArticleResponse = z.infer<typeof adminArticleResponse>;

/** The event a projection is parked at (`position` as `commit/prepare`); the stream only for administrators. */
export const failingEventResponse = z.object({
  id: z.string(),
  position: z.string(),
  stream: z.nullable(z.string()),
  type: z.nullable(z.string()),
});
export type FailingEventResponse = z.infer<typeof failingEventResponse>;

/** One projection's state and lag, as `/api/health` and the dashboard report it. */
export const projectionHealthResponse = z.object({
  name: z.string(),
  state: z.string(),
  lagEvents: z.number(),
  lagSeconds: z.number(),
  lastError: z.nullable(z.string()),
  failingEvent: z.nullable(failingEventResponse),
});
export type ProjectionHealthResponse = z.infer<typeof projectionHealthResponse>;

/**
 * One replica of the read tables (DATABASE_READ_URLS) as the API process that answers sees it:
 * `in use` (it reads from it), `ready` (fit, another is in use), `lagging` (behind by more than
 * the bound, or not yet known to be within it), `down`, `not a replica` (not in recovery).
 */
export const replicaHealthResponse = z.object({
  name: z.string(),
  state: z.enum(['in use', 'ready', 'lagging', 'down', 'not a replica']),
  lagSeconds: z.nullable(z.number()),
});
export type ReplicaHealthResponse = z.infer<typeof replicaHealthResponse>;

/**
 * `GET /api/admin/read-replicas`: each replica with its address, why it is left out, and the reads
 * it answered since the API process started.
 */
export const adminReadReplicaResponse = z.extend(replicaHealthResponse, {
  id: z.string(),
  address: z.string(),
  error: z.nullable(z.string()),
  reads: z.number(),
});
export type AdminReadReplicaResponse = z.infer<typeof adminReadReplicaResponse>;

/** `GET /api/admin/dashboard`: the numbers a moderator starts the day with (one record, id `today`). */
export const adminDashboardResponse = z.object({
  id: z.literal('today'),
  generatedAt: z.string(),
  reviews: z.object({
    waiting: z.number(),
    hidden: z.number(),
    visible: z.number(),
    waitingSince: z.string(),
  }),
  products: z.object({ newToday: z.number(), listed: z.number(), removed: z.number(), since: z.string() }),
  users: z.object({ total: z.number(), premium: z.number(), suspended: z.number() }),
  scans: z.object({ today: z.number() }),
  projections: z.object({ healthy: z.boolean(), items: z.array(projectionHealthResponse) }),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;

/** A projection rebuild started from the console (`/api/admin/projection-rebuilds[/:id]`). */
export const adminRebuildJobResponse = z.object({
  id: z.string(),
  projections: z.array(z.string()),
  state: z.enum(['running', 'done', 'failed']),
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  /** The latest progress report of the projection being rebuilt. */
  progress: z.nullable(
    z.object({
      projection: z.string(),
      phase: z.enum(['replaying', 'swapping', 'done']),
      processed: z.number(),
      /** Events in the store when the rebuild started (grows if it is overtaken). */
      total: z.number(),
      eventsPerSecond: z.number(),
      etaSeconds: z.optional(z.number()),
    }),
  ),
  /** Projections already swapped in, with how many events each replayed. */
  completed: z.array(z.object({ name: z.string(), processed: z.number(), seconds: z.number() })),
  error: z.nullable(z.string()),
});
export type AdminRebuildJobResponse = z.infer<typeof adminRebuildJobResponse>;

/** What an import (or a sync's imports together) read, added, changed and skipped, by reason. */
const importCounts = {
  rowsRead: z.number(),
  imported: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  skipped: z.record(z.string(), z.number()),
  skippedTotal: z.number(),
};

/** `GET /api/admin/import-runs[/:id]`: one Open Food Facts import run (console "Import runs"). */
export const adminImportRunResponse = z.object({
  id: z.string(),
  source: z.string(),
  format: z.enum(['csv', 'jsonl']),
  state: z.enum(['running', 'completed', 'interrupted', 'failed']),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  ...importCounts,
  error: z.nullable(z.string()),
});
export type AdminImportRunResponse = z.infer<typeof adminImportRunResponse>;

/** `GET /api/admin/off-sync`: the last sync of OFF's daily deltas and when the next is due (console "Import runs"). */
export const adminOffSyncResponse = z.object({
  /** `OFF_SYNC`: `daily` when the API runs the sync itself. */
  schedule: z.enum(['off', 'daily']),
  lastSync: z.nullable(
    z.object({
      startedAt: z.string(),
      finishedAt: z.string(),
      state: z.enum(['completed', 'interrupted', 'failed']),
      applied: z.array(z.string()),
      ...importCounts,
      gap: z.nullable(z.string()),
      error: z.nullable(z.string()),
    }),
  ),
  /** Null when no schedule runs it. */
  nextDueAt: z.nullable(z.string()),
});
export type AdminOffSyncResponse = z.infer<typeof adminOffSyncResponse>;

/**
 * `GET /api/admin/off-contributions`: one label a user agreed to share with Open Food Facts, what
 * was sent and what OFF answered (console "Sent to Open Food Facts"). No user: none is kept.
 */
export const adminOffContributionResponse = z.object({
  /** `{productId}-{labelVersion}`. */
  id: z.string(),
  productId: z.number(),
  /** `created`: a product created from the label; `label`: a label given to an unrated import. */
  kind: z.enum(['created', 'label']),
  barcode: z.nullable(z.string()),
  productName: z.nullable(z.string()),
  /** The brand the user typed, sent with a created product; null for a label (OFF keeps its own). */
  brand: z.nullable(z.string()),
  /** `queued` until sent (also while waiting to be retried); `sending` while a send is under way. */
  state: z.enum(['queued', 'sending', 'sent', 'rejected', 'failed']),
  attempts: z.number(),
  httpStatus: z.nullable(z.number()),
  /** OFF's answer, or why it was not sent or given up. */
  answer: z.nullable(z.string()),
  queuedAt: z.string(),
  /** When the sender last recorded anything; null before it took the label. */
  updatedAt: z.nullable(z.string()),
  /** When a queued label is next tried. */
  nextAttemptAt: z.nullable(z.string()),
});
export type AdminOffContributionResponse = z.infer<typeof adminOffContributionResponse>;
