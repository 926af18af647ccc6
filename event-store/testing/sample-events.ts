import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@labelwise/domain';
import type { NewEvent } from '../src/port';

export const sampleMetadata: EventMetadata = {
  actor: 'tester',
  correlationId: 'correlation-1',
  causationId: null,
  at: '2026-01-01T00:00:00.000Z',
};

/** A small valid event for storage tests: a vote on `reviewId`. */
export function voteEvent(
  reviewId: string,
  voterUid = 'voter',
  options: { id?: string; helpful?: boolean } = {},
): NewEvent {
  return {
    type: 'ReviewVoted',
    data: { reviewId, voterUid, helpful: options.helpful ?? true },
    metadata: sampleMetadata,
    ...(options.id ? { id: options.id } : {}),
  };
}

/** A user's registration for storage tests: its email and display name are personal data. */
export function registeredEvent(uid: string, email: string | null, displayName = 'Someone'): NewEvent {
  return {
    type: 'UserRegistered',
    data: { uid, email, emailVerified: true, displayName: email && displayName, provider: 'password' },
    metadata: sampleMetadata,
  };
}

/** A review for storage tests: its comment is personal data of its author. */
export function reviewPostedEvent(reviewId: string, authorUid: string, comment: string): NewEvent {
  return {
    type: 'ReviewPosted',
    data: {
      reviewId,
      productId: 1,
      authorUid,
      username: 'someone',
      isVerifiedPurchase: false,
      postedAt: sampleMetadata.at,
      rating: 4,
      title: 'Nice',
      comment,
    },
    metadata: sampleMetadata,
  };
}

export function uniqueStream(prefix = 'review'): string {
  return `${prefix}-${randomUUID()}`;
}
