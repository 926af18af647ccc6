import type { ProductEvent, ReviewEvent } from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';

// The documents a batch folds on from stored rows: a stream's first event starts its document, so
// the rows of a product created or a review posted in the batch need no read.

/** Products this batch changes after their creation. */
export function touchedProductIds(events: readonly RecordedEvent<ProductEvent>[]): number[] {
  const ids = new Set<number>();
  for (const event of events)
    if (event.type !== 'ProductCreated' && event.type !== 'ProductImported') ids.add(event.data.productId);
  return [...ids];
}

/** Reviews this batch changes after their posting. */
export function touchedReviewIds(events: readonly RecordedEvent<ReviewEvent>[]): string[] {
  const ids = new Set<string>();
  for (const event of events) if (event.type !== 'ReviewPosted') ids.add(event.data.reviewId);
  return [...ids];
}
