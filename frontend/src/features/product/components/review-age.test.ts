import { describe, expect, it } from 'vitest';
import { reviewAgeLabel } from './review-age';

const now = new Date(2026, 2, 31, 9, 30);
const daysAgo = (days: number, hour = 12) => new Date(2026, 2, 31 - days, hour);

describe('reviewAgeLabel', () => {
  it('reads Today for the same calendar day, even later in the day', () => {
    expect(reviewAgeLabel(daysAgo(0, 1), now)).toBe('Today');
    expect(reviewAgeLabel(daysAgo(0, 23), now)).toBe('Today');
  });

  it('reads Yesterday for the previous calendar day', () => {
    expect(reviewAgeLabel(daysAgo(1, 23), now)).toBe('Yesterday');
  });

  it('counts days under a week', () => {
    expect(reviewAgeLabel(daysAgo(2), now)).toBe('2 days ago');
    expect(reviewAgeLabel(daysAgo(6), now)).toBe('6 days ago');
  });

  it('counts whole weeks under 30 days', () => {
    expect(reviewAgeLabel(daysAgo(7), now)).toBe('1 weeks ago');
    expect(reviewAgeLabel(daysAgo(14), now)).toBe('2 weeks ago');
    expect(reviewAgeLabel(daysAgo(29), now)).toBe('4 weeks ago');
  });

  it('shows the date from 30 days on', () => {
    const created = daysAgo(30);
    expect(reviewAgeLabel(created, now)).toBe(created.toLocaleDateString());
  });

  it('accepts ISO timestamps', () => {
    expect(reviewAgeLabel(daysAgo(3).toISOString(), now)).toBe('3 days ago');
  });
});
