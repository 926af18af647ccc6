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

export function uniqueStream(prefix = 'review'): string {
  return `${prefix}-${randomUUID()}`;
}
