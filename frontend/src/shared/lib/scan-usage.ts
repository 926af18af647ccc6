import type { UserStatsResponse } from '@labelwise/domain/contracts';

export type ScanUsageBanner =
  | { kind: 'hidden' }
  | { kind: 'premium'; title: 'Premium Member'; description: 'Unlimited scans' }
  | { kind: 'usage' | 'almost' | 'reached'; title: string; used: number; limit: number; percent: number };

/** The usage ring: percent of the allowance used, rounded. */
export const usagePercent = (used: number, limit: number) =>
  limit > 0 ? Math.round((used / limit) * 100) : 100;

/** Ring colours: red above 80 %, orange above 60 %, else green. */
export function usageRingColor(percent: number): 'red' | 'orange' | 'green' {
  if (percent > 80) return 'red';
  if (percent > 60) return 'orange';
  return 'green';
}

/** The scan-usage banner: hidden under 50 %, 'Scan usage' from 50, 'Almost at your limit' from 80, 'Scan limit reached' at 100. */
export function scanUsageBanner(
  stats: Pick<UserStatsResponse, 'scansThisMonth' | 'scanLimit' | 'isPremium'>,
): ScanUsageBanner {
  if (stats.isPremium) return { kind: 'premium', title: 'Premium Member', description: 'Unlimited scans' };
  const used = stats.scansThisMonth;
  const limit = stats.scanLimit;
  const ratio = limit > 0 ? used / limit : 1;
  const percent = usagePercent(used, limit);
  if (ratio >= 1) return { kind: 'reached', title: 'Scan limit reached', used, limit, percent };
  if (ratio >= 0.8) return { kind: 'almost', title: 'Almost at your limit', used, limit, percent };
  if (ratio >= 0.5) return { kind: 'usage', title: 'Scan usage', used, limit, percent };
  return { kind: 'hidden' };
}

/**
 * When a free user's scans start again, as the banner says it: the first day of the next calendar
 * month in UTC, the month the server counts scans in ('1 December').
 */
export function allowanceResetsOn(now: Date = new Date()): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** The free allowance as the banner and the limit notice say it, with the day it starts again. */
export const freeScansUsed = (used: number, limit: number, now: Date = new Date()) =>
  `${used} of ${limit} free scans used this month; they start again on ${allowanceResetsOn(now)}.`;
