import { z } from 'zod/mini';
import { TEXT_LIMITS } from '../text/text-limits';

/** The word a user types to confirm that their account should be deleted. */
export const ACCOUNT_DELETION_WORD = 'DELETE';

/** A deletion needs a sign-in this recent (seconds), so a borrowed, still-open session cannot do it. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/**
 * `DELETE /api/user`: the typed word, and whether the user's reviews stay as "Anonymous User".
 * Nothing else: a misspelt option (`keep_reviews`) is refused rather than read as its default.
 */
export const accountDeletionRequest = z.strictObject({
  confirm: z.string(),
  keepReviews: z.optional(z.boolean()),
});
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequest>;

/** `POST /api/admin/users/:uid/deletion`: the same, for a user who asked by email, with their reason. */
export const adminAccountDeletionRequest = z.extend(accountDeletionRequest, {
  reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(TEXT_LIMITS.reason)),
});
export type AdminAccountDeletionRequest = z.infer<typeof adminAccountDeletionRequest>;

/** What a deletion did. */
export const accountDeletionResponse = z.object({
  deleted: z.literal(true),
  reviewsRemoved: z.number(),
  reviewsKept: z.number(),
  subscriptionsCancelled: z.number(),
});
export type AccountDeletionResponse = z.infer<typeof accountDeletionResponse>;
