import { describe, expect, it } from 'vitest';
import { addMonths, periodEndAfter } from './plans';

describe('billing periods', () => {
  it('clamps to the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2024-01-31T12:00:00Z'), 1).toISOString()).toBe('2024-02-29T12:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T00:00:00Z'), 12).toISOString()).toBe('2027-03-15T00:00:00.000Z');
  });

  it('counts periods from the anchor so renewals do not drift', () => {
    const anchor = new Date('2026-01-31T12:00:00Z');
    expect(periodEndAfter(anchor, 'monthly', anchor).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(periodEndAfter(anchor, 'monthly', new Date('2026-02-28T12:00:00Z')).toISOString()).toBe(
      '2026-03-31T12:00:00.000Z',
    );
    expect(periodEndAfter(anchor, 'yearly', new Date('2027-06-01T00:00:00Z')).toISOString()).toBe(
      '2028-01-31T12:00:00.000Z',
    );
  });
});
