// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../testing/render-in-app';
import type { Review } from '../api/product-reviews';
import { ReviewItem } from './review-item';

const review: Review = {
  id: 'review-1',
  productId: 7,
  rating: 4,
  title: 'Good oats',
  comment: 'Creamy porridge.',
  username: 'oatfan',
  isVerifiedPurchase: true,
  createdAt: new Date().toISOString(),
  helpfulVotes: 0,
  unhelpfulVotes: 0,
};

function renderReview(overrides: Partial<Review>, own = false) {
  renderInApp(<ReviewItem review={{ ...review, ...overrides }} onVote={() => {}} voting={false} own={own} />);
}

afterEach(cleanup);

describe('ReviewItem', () => {
  it('says the reviewer scanned the product, never that they bought it (the app cannot know that)', () => {
    renderReview({ isVerifiedPurchase: true });
    expect(screen.getByText('Scanned by reviewer')).toBeTruthy();
    expect(screen.queryByText(/purchase/i)).toBeNull();
  });

  it('shows no badge for a reviewer who has not scanned the product', () => {
    renderReview({ isVerifiedPurchase: false });
    expect(screen.queryByText('Scanned by reviewer')).toBeNull();
  });

  it('offers votes on another’s review, and none on your own', () => {
    renderReview({ helpfulVotes: 2 });
    expect(screen.getByRole('button', { name: 'Helpful (2)' })).toBeTruthy();
    cleanup();
    renderReview({ helpfulVotes: 2 }, true);
    expect(screen.queryByRole('button', { name: /helpful/i })).toBeNull();
    expect(screen.getByText('Your review: 2 found it helpful, 0 not helpful')).toBeTruthy();
  });
});
