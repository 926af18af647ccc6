// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../testing/render-in-app';
import { ActivityTiles } from './activity-tiles';
import { MembershipSummary } from './membership-summary';

afterEach(cleanup);

describe('MembershipSummary', () => {
  it("shows a free user's scans used of the allowance, as text and as the bar's value", () => {
    renderInApp(<MembershipSummary usage={{ scansThisMonth: 3, scanLimit: 10, isPremium: false }} />);
    expect(screen.getByTestId('membership-usage').textContent).toBe(
      '3 of 10 scans used this month (30%) · 7 left',
    );
    const bar = screen.getByRole('progressbar', { name: 'Monthly usage' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 10 scans used');
    expect(screen.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/premium');
  });

  it('fills the bar at the limit, however far past it the month went', () => {
    renderInApp(<MembershipSummary usage={{ scansThisMonth: 12, scanLimit: 10, isPremium: false }} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('membership-usage').textContent).toContain('0 left');
  });

  it('shows no bar and no upgrade for Premium', () => {
    renderInApp(<MembershipSummary usage={{ scansThisMonth: 42, scanLimit: 10, isPremium: true }} />);
    expect(screen.getByRole('heading', { name: 'Premium Membership' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upgrade Now' })).toBeNull();
    expect(screen.getByTestId('membership-usage').textContent).toBe('Unlimited scans · 42 this month');
  });

  it('shows no figure until the usage is known', () => {
    renderInApp(<MembershipSummary usage={undefined} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('membership-usage-loading')).toBeTruthy();
  });

  it('says so when the usage could not be loaded', () => {
    renderInApp(<MembershipSummary usage={undefined} failed />);
    expect(screen.getByText('Your usage could not be loaded.')).toBeTruthy();
    expect(screen.queryByTestId('membership-usage-loading')).toBeNull();
  });
});

describe('ActivityTiles', () => {
  it('shows the real counts, and a placeholder, not 0, while one is loading', () => {
    renderInApp(<ActivityTiles scans={4} reviews={2} favorites={undefined} />);
    expect(screen.getByTestId('activity-scans').textContent).toBe('4');
    expect(screen.getByTestId('activity-reviews').textContent).toBe('2');
    expect(screen.queryByTestId('activity-favorites')).toBeNull();
    expect(screen.getByTestId('activity-favorites-loading')).toBeTruthy();
  });

  it('leads from the favourites count to their list', () => {
    renderInApp(<ActivityTiles scans={4} reviews={2} favorites={1} />);
    const favourites = screen.getByRole('link', { name: /Favorites/ });
    expect(favourites.getAttribute('href')).toBe('/profile/favourites');
    expect(favourites.textContent).toContain('1');
    expect(screen.queryByRole('link', { name: /Scans|Reviews/ })).toBeNull();
  });

  it('shows a dash, not 0, for a count that could not be loaded', () => {
    renderInApp(<ActivityTiles scans={1} reviews={null} favorites={null} />);
    expect(screen.getByTestId('activity-reviews').textContent).toBe('–');
  });
});
