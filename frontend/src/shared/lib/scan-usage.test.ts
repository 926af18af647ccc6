import { describe, expect, it } from 'vitest';
import {
  allowanceResetsOn,
  freeScansUsed,
  scanUsageBanner,
  usagePercent,
  usageRingColor,
} from './scan-usage';

const free = (scansThisMonth: number, scanLimit = 10) => ({ scansThisMonth, scanLimit, isPremium: false });

describe('scan-usage banner thresholds', () => {
  it('is hidden under 50 % of the limit', () => {
    expect(scanUsageBanner(free(0)).kind).toBe('hidden');
    expect(scanUsageBanner(free(4)).kind).toBe('hidden');
    expect(scanUsageBanner(free(49, 100)).kind).toBe('hidden');
  });

  it("reads 'Scan usage' from 50 %", () => {
    expect(scanUsageBanner(free(5))).toMatchObject({
      kind: 'usage',
      title: 'Scan usage',
      used: 5,
      limit: 10,
    });
    expect(scanUsageBanner(free(79, 100)).kind).toBe('usage');
  });

  it("reads 'Almost at your limit' from 80 %", () => {
    expect(scanUsageBanner(free(8))).toMatchObject({ kind: 'almost', title: 'Almost at your limit' });
    expect(scanUsageBanner(free(99, 100)).kind).toBe('almost');
  });

  it("reads 'Scan limit reached' at 100 % and beyond", () => {
    expect(scanUsageBanner(free(10))).toMatchObject({
      kind: 'reached',
      title: 'Scan limit reached',
      percent: 100,
    });
    expect(scanUsageBanner(free(12)).kind).toBe('reached');
  });

  it('shows premium members unlimited scans whatever the count', () => {
    expect(scanUsageBanner({ scansThisMonth: 50, scanLimit: 10, isPremium: true })).toEqual({
      kind: 'premium',
      title: 'Premium Member',
      description: 'Unlimited scans',
    });
  });
});

describe('usage ring', () => {
  it('rounds the percentage of scans used', () => {
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(2, 3)).toBe(67);
    expect(usagePercent(0, 10)).toBe(0);
  });

  it('is red above 80, orange above 60, else green', () => {
    expect(usageRingColor(100)).toBe('red');
    expect(usageRingColor(81)).toBe('red');
    expect(usageRingColor(80)).toBe('orange');
    expect(usageRingColor(61)).toBe('orange');
    expect(usageRingColor(60)).toBe('green');
    expect(usageRingColor(0)).toBe('green');
  });
});

describe('when the free scans start again', () => {
  it('is the first day of the next UTC month, at any hour of the last day of a month and across a year', () => {
    expect(allowanceResetsOn(new Date('2026-11-27T10:00:00Z'))).toBe('1 December');
    expect(allowanceResetsOn(new Date('2026-11-30T23:59:59Z'))).toBe('1 December');
    expect(allowanceResetsOn(new Date('2026-12-31T23:30:00Z'))).toBe('1 January');
  });

  it('is said with the count of free scans used', () => {
    expect(freeScansUsed(10, 10, new Date('2026-11-27T10:00:00Z'))).toBe(
      '10 of 10 free scans used this month; they start again on 1 December.',
    );
  });
});
