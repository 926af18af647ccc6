import { z } from 'zod/mini';
import { preferencesSchema } from './preferences';

const timestamp = z.string();
const plan = z.enum(['monthly', 'yearly']);

/** A product as the download names it beside the user's scans, reviews and contributions. */
const productMention = {
  productId: z.number(),
  /** The product's name now; null when it is no longer in the catalogue. */
  productName: z.nullable(z.string()),
};

/**
 * `GET /api/user/data`: everything Labelwise holds about the signed-in user, read from the events
 * (the user's own stream and the review and product streams they wrote in).
 */
export const dataDownloadResponse = z.object({
  exportedAt: timestamp,
  account: z.object({
    uid: z.string(),
    email: z.nullable(z.string()),
    emailVerified: z.nullable(z.boolean()),
    /** How the user signs in ('password', 'google.com', ...). */
    signInProvider: z.nullable(z.string()),
    displayName: z.nullable(z.string()),
    username: z.nullable(z.string()),
    /** When the account was first recorded. */
    created: z.nullable(timestamp),
    /** Every username the user chose, oldest first. */
    usernames: z.array(z.object({ username: z.string(), at: timestamp })),
    suspended: z.boolean(),
    suspensionReason: z.nullable(z.string()),
  }),
  preferences: z.object({
    current: preferencesSchema,
    /** Each change, oldest first: the preferences as saved then. */
    changes: z.array(z.object({ at: timestamp, preferences: preferencesSchema })),
  }),
  /** Oldest first: label analyses (counted against the monthly allowance) and barcode lookups. */
  scans: z.array(
    z.object({
      kind: z.enum(['analysis', 'lookup']),
      at: timestamp,
      ...productMention,
      /** The code the user scanned or typed (lookups). */
      barcode: z.nullable(z.string()),
      /** The month an analysis counted against, 'YYYY-MM'. */
      month: z.nullable(z.string()),
    }),
  ),
  reviews: z.array(
    z.object({
      reviewId: z.string(),
      ...productMention,
      /** The name the review was posted under. */
      username: z.string(),
      rating: z.number(),
      title: z.nullable(z.string()),
      comment: z.string(),
      postedAt: timestamp,
      revisedAt: z.nullable(timestamp),
      hidden: z.boolean(),
      hiddenReason: z.nullable(z.string()),
      /** Other users' current votes on it, counted (who voted is theirs). */
      votesReceived: z.object({ helpful: z.number(), notHelpful: z.number() }),
    }),
  ),
  /** The user's current vote on other users' reviews. */
  votesGiven: z.array(z.object({ reviewId: z.string(), ...productMention, helpful: z.boolean() })),
  subscription: z.object({
    current: z.nullable(
      z.object({
        subscriptionId: z.string(),
        plan,
        provider: z.string(),
        periodEnd: timestamp,
        cancelsAt: z.nullable(timestamp),
      }),
    ),
    /** The payment provider's id for the user as a customer, when one was created. */
    customerId: z.nullable(z.string()),
    /** Every membership event, oldest first. */
    history: z.array(
      z.object({
        at: timestamp,
        event: z.enum(['requested', 'activated', 'cancelled', 'expired', 'refunded']),
        plan: z.nullable(plan),
        provider: z.nullable(z.string()),
        subscriptionId: z.nullable(z.string()),
        paymentId: z.nullable(z.string()),
        /** The period paid for ends (activated), or the cancellation takes effect (cancelled). */
        until: z.nullable(timestamp),
      }),
    ),
  }),
  /** Payments taken at the provider, as the events record them; the amount is the plan's price. */
  payments: z.array(
    z.object({
      paymentId: z.string(),
      provider: z.string(),
      subscriptionId: z.string(),
      plan,
      amount: z.number(),
      currency: z.string(),
      status: z.enum(['paid', 'refunded']),
      at: timestamp,
    }),
  ),
  /** Products the user added to the catalogue (or only to their own history) or gave a label. */
  products: z.array(
    z.object({
      ...productMention,
      contribution: z.enum(['created', 'labelled']),
      at: timestamp,
      brand: z.string(),
      barcode: z.string(),
      ingredients: z.string(),
    }),
  ),
});
export type DataDownloadResponse = z.infer<typeof dataDownloadResponse>;

/** The download's file name on a given day: `labelwise-data-2026-11-27.json`. */
export const dataDownloadFileName = (at: Date, extension: 'json' | 'txt' = 'json') =>
  `labelwise-data-${at.toISOString().slice(0, 10)}.${extension}`;
