import { randomUUID } from 'node:crypto';
import {
  DomainError,
  streams,
  subjectName,
  type AccountDeletionResponse,
  reviewDecider,
  userDecider,
} from '@labelwise/domain';
import { reviewIdsByAuthor } from '@labelwise/projections/queries';
import type { ProjectionName } from '@labelwise/projections';
import { runCommand } from '../../commands/run-command';
import { forgetUserRequests } from '../../db/idempotent-requests';
import type { AppContext } from '../../http/context';
import { claimStreamsOf } from '../accounts';
import { type PaymentProvider, cancelEveryOpenSubscription } from '../payments';

/** The read models that show who a user was: they have forgotten it when the deletion answers. */
const ERASURE_READ_MODELS: readonly ProjectionName[] = [
  'user_profiles',
  'user_scans',
  'reviews',
  'product_ratings',
  'product_cards',
];

/** How long the deletion waits for the reviews read model to show every review of the user. */
const REVIEWS_WAIT_MS = 20_000;

export const ERASURE_PENDING_MESSAGE =
  'Your account is being deleted, but the deletion could not finish yet. Please try again in a minute.';

export interface AccountErasure {
  uid: string;
  keepReviews: boolean;
  /** Who asks: the user, or an administrator carrying out the user's request. */
  actor: string;
  /** The administrator's reason (the audit trail); null when the user deletes their own account. */
  reason: string | null;
}

export interface ErasureOutcome extends AccountDeletionResponse {
  /** The account was deleted before this request (a retry after a crash is not: it finishes the deletion). */
  alreadyErased: boolean;
}

/**
 * Deletes an account. Once the erasure has begun (`beginErasure`), no command of the user lands
 * (the store refuses them) and every one that landed before is in the store, so the reviews found
 * then are all of them. Each step can be retried after a crash at any point and does nothing
 * twice: the provider cancels only subscriptions still open and deletes a customer once (one
 * already deleted is done), the erasure and each review's are recorded once by their deciders,
 * beginning the erasure, destroying keys and purging records are idempotent, and the identity
 * provider's deletion of a deleted account does nothing.
 */
export async function eraseAccount(
  ctx: AppContext,
  provider: PaymentProvider,
  erasure: AccountErasure,
): Promise<ErasureOutcome> {
  const { uid, keepReviews, actor, reason } = erasure;
  // The erasure's own commands: not the user's, which the store refuses from here on.
  const request = { actor, now: ctx.clock(), correlationId: randomUUID(), onBehalfOf: [] };
  const subscriptionsCancelled = await cancelEveryOpenSubscription(provider, uid);
  await provider.deleteCustomer(uid);
  await ctx.store.beginErasure([subjectName('user', uid)]);
  const claims = await claimStreamsHeldBy(ctx, uid);

  const erased = await runCommand(ctx, {
    ...request,
    decider: userDecider,
    stream: streams.user(uid),
    command: { type: 'EraseUser', uid, keepReviews, reason },
    readModels: [],
  });
  // Every review the user posted is in the store now: in the read model once it has passed the head.
  if (!(await ctx.readYourWrites(['reviews'], await ctx.store.headPosition(), REVIEWS_WAIT_MS)))
    throw new DomainError('unavailable', 'ERASURE_PENDING', ERASURE_PENDING_MESSAGE);
  const reviewIds = await reviewIdsByAuthor(ctx.db, uid);
  for (const reviewId of reviewIds) {
    await runCommand(ctx, {
      ...request,
      decider: reviewDecider,
      stream: streams.review(reviewId),
      command: { type: 'EraseAuthor', keep: keepReviews },
      readModels: [],
    });
  }

  const removedReviews = keepReviews ? [] : reviewIds.map((id) => subjectName('review', id));
  await ctx.store.forget({ subjects: [subjectName('user', uid), ...removedReviews], deleteStreams: claims });
  ctx.streamStates.forget([streams.user(uid), ...reviewIds.map((id) => streams.review(id))]);
  await forgetUserRequests(ctx.db, uid);
  const accountDeleted = await ctx.auth.deleteAccount(uid);
  await ctx.readYourWrites(ERASURE_READ_MODELS, await ctx.store.headPosition());

  return {
    deleted: true,
    reviewsRemoved: keepReviews ? 0 : reviewIds.length,
    reviewsKept: keepReviews ? reviewIds.length : 0,
    subscriptionsCancelled,
    alreadyErased: erased.events.length === 0 && !accountDeleted,
  };
}

/**
 * The claim streams that are the user's: of every name they set, the streams held or released by
 * them last. Deleted with the user, so that their names are free again.
 */
async function claimStreamsHeldBy(ctx: AppContext, uid: string): Promise<string[]> {
  const names = new Set<string>();
  for (const event of await ctx.store.readStream(streams.user(uid)))
    if (event.type === 'UsernameSet') {
      names.add(event.data.username);
      if (event.data.previous) names.add(event.data.previous);
    }
  const theirs: string[] = [];
  for (const name of names)
    for (const stream of await claimStreamsOf(ctx, name)) {
      const [last] = await ctx.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
      if (last && 'uid' in last.data && last.data.uid === uid) theirs.push(stream);
    }
  return theirs;
}
