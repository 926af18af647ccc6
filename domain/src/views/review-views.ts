import type { AdminReviewResponse } from '../contracts/admin';
import type { ReviewResponse } from '../contracts/reviews';
import type { ReviewDocument } from '../reviews/review-document';

/** A review's votes, counted: what its page shows of them. */
export interface VoteCounts {
  helpfulVotes: number;
  unhelpfulVotes: number;
}

export function countVotes(votes: ReviewDocument['votes']): VoteCounts {
  const all = Object.values(votes);
  const helpfulVotes = all.filter(Boolean).length;
  return { helpfulVotes, unhelpfulVotes: all.length - helpfulVotes };
}

/** The review as the product page shows it (and the answers of its commands). */
export function reviewView(review: Omit<ReviewDocument, 'votes'>, votes: VoteCounts): ReviewResponse {
  return {
    id: review.reviewId,
    productId: review.productId,
    rating: review.rating,
    title: review.title,
    comment: review.comment,
    username: review.username,
    isVerifiedPurchase: review.isVerifiedPurchase,
    createdAt: new Date(review.postedAt).toISOString(),
    ...votes,
  };
}

/** The review as the moderation console lists it: with its product (if the catalogue has it) and author. */
export function adminReviewView(
  review: Omit<ReviewDocument, 'votes'>,
  votes: VoteCounts,
  product: { name: string | null; brand: string | null },
): AdminReviewResponse {
  return {
    ...reviewView(review, votes),
    productName: product.name,
    productBrand: product.brand,
    authorUid: review.authorUid,
    revisedAt: review.revisedAt,
    hidden: review.status === 'hidden',
  };
}
