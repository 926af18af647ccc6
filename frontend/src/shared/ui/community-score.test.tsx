// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../testing/render-in-app';
import { CommunityScore, communityScoreText } from './community-score';

afterEach(cleanup);

describe('communityScoreText', () => {
  it('shows the mean to one decimal and the review count, singular for one', () => {
    expect(communityScoreText(4.5, 2)).toBe('4.5 (2 reviews)');
    expect(communityScoreText(4, 1)).toBe('4.0 (1 review)');
  });

  it('says so when nobody reviewed the product', () => {
    expect(communityScoreText(null, 0)).toBe('No reviews yet');
  });
});

describe('CommunityScore', () => {
  it('renders the text', () => {
    renderInApp(<CommunityScore averageRating={3.7} reviewCount={12} />);
    expect(screen.getByText('3.7 (12 reviews)')).toBeTruthy();
  });
});
