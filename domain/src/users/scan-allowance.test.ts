import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SCAN_LIMIT_MESSAGE, scanAllowance } from './scan-allowance';

describe('scanAllowance', () => {
  it('counts down the free scans, then refuses with the spec message', () => {
    expect(scanAllowance({ isPremium: false, scansThisMonth: 0, limit: 10 })).toEqual({
      allowed: true,
      remaining: 10,
      message: null,
    });
    expect(scanAllowance({ isPremium: false, scansThisMonth: 9, limit: 10 }).remaining).toBe(1);
    expect(scanAllowance({ isPremium: false, scansThisMonth: 10, limit: 10 })).toEqual({
      allowed: false,
      remaining: 0,
      message: SCAN_LIMIT_MESSAGE,
    });
  });

  it('never limits a premium user', () => {
    expect(scanAllowance({ isPremium: true, scansThisMonth: 500, limit: 10 })).toEqual({
      allowed: true,
      remaining: null,
      message: null,
    });
  });

  it('allows a free user exactly while fewer than `limit` scans are counted', () => {
    fc.assert(
      fc.property(fc.nat(40), fc.nat(40), (scansThisMonth, limit) => {
        const { allowed } = scanAllowance({ isPremium: false, scansThisMonth, limit });
        expect(allowed).toBe(scansThisMonth < limit);
      }),
    );
  });
});
