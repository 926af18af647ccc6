import { z } from 'zod';
import { isoTimestamp, productId } from './metadata';
import { preferencesSchema } from './preferences';

export const planSchema = z.enum(['monthly', 'yearly']);
export type Plan = z.infer<typeof planSchema>;

export const userEvents = {
  UserRegistered: z.object({
    uid: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    displayName: z.string().nullable(),
    provider: z.string(),
  }),
  UsernameSet: z.object({ uid: z.string(), username: z.string(), previous: z.string().nullable() }),
  PreferencesChanged: z.object({ uid: z.string(), preferences: preferencesSchema }),
  ScanRecorded: z.object({
    uid: z.string(),
    productId,
    scannedAt: isoTimestamp,
    /** UTC calendar month the scan counts against, 'YYYY-MM'. */
    month: z.string().regex(/^\d{4}-\d{2}$/),
  }),
  /** The user opened a product by its barcode (camera, photo or typed): in their history, free of the allowance. */
  ProductLookedUp: z.object({
    uid: z.string(),
    productId,
    /** The code as the user scanned or typed it. */
    barcode: z.string(),
    lookedUpAt: isoTimestamp,
  }),
  SubscriptionActivated: z.object({
    uid: z.string(),
    plan: planSchema,
    provider: z.enum(['stripe', 'test', 'admin']),
    subscriptionId: z.string(),
    paymentId: z.string().nullable(),
    periodEnd: isoTimestamp,
  }),
  /** A membership was asked for: the one request a payment provider may turn into a subscription. */
  SubscriptionRequested: z.object({
    uid: z.string(),
    plan: planSchema,
    requestId: z.string(),
    at: isoTimestamp,
  }),
  SubscriptionCancelled: z.object({ uid: z.string(), subscriptionId: z.string(), effectiveAt: isoTimestamp }),
  SubscriptionExpired: z.object({ uid: z.string(), subscriptionId: z.string() }),
  /**
   * A payment was taken for a subscription that cannot be the user's membership (its request was
   * replaced by a newer one, or Premium already came from another): refunded in full, and the
   * subscription cancelled at the provider.
   */
  SubscriptionPaymentRefunded: z.object({
    uid: z.string(),
    provider: z.enum(['stripe', 'test']),
    subscriptionId: z.string(),
    paymentId: z.string(),
  }),
  UserSuspended: z.object({ uid: z.string(), reason: z.string() }),
  UserReinstated: z.object({ uid: z.string() }),
  /**
   * The user deleted their account (or an administrator did, at their request): their personal data
   * is forgotten and the stream takes no more commands. Carries no personal data itself.
   */
  UserErased: z.object({
    uid: z.string(),
    keepReviews: z.boolean(),
    /** An administrator's reason for carrying out a user's request (the audit trail); null when the user did it. */
    reason: z.string().nullable(),
  }),
} as const;

/** Username claim streams (one per lower-cased name) make usernames unique on the write side. */
export const usernameEvents = {
  UsernameClaimed: z.object({ username: z.string(), uid: z.string() }),
  UsernameReleased: z.object({ username: z.string(), uid: z.string() }),
} as const;
