import type { UserDocument } from './user-document';

/**
 * The monthly scan allowance: a free user may record `limit` scans per UTC calendar
 * month; premium users are unlimited. The write side refuses a scan with `message`, the
 * profile's `canScan` and the consumer app's scanning gate show the same answer. Pure, so the
 * browser imports it too (through `@labelwise/domain/contracts`).
 */
export const SCAN_LIMIT_MESSAGE =
  "You've reached your monthly scan limit. Upgrade to Premium for unlimited scans.";

export interface ScanAllowanceInput {
  isPremium: boolean;
  /** Scans already counted in the current month. */
  scansThisMonth: number;
  /** Free scans per month (`SCAN_LIMIT`, default 10). */
  limit: number;
}

/** Whether one more scan may be recorded now: scans left (null when unlimited), or why not. */
export type ScanAllowance =
  | { allowed: true; remaining: number | null; message: null }
  | { allowed: false; remaining: 0; message: string };

export function scanAllowance({ isPremium, scansThisMonth, limit }: ScanAllowanceInput): ScanAllowance {
  if (isPremium) return { allowed: true, remaining: null, message: null };
  const remaining = Math.max(0, limit - scansThisMonth);
  return remaining > 0
    ? { allowed: true, remaining, message: null }
    : { allowed: false, remaining: 0, message: SCAN_LIMIT_MESSAGE };
}

/** The UTC calendar month of an instant, 'YYYY-MM': the period a free user's allowance covers. */
export function monthOf(instant: Date): string {
  return instant.toISOString().slice(0, 7);
}

/** The first instant of `instant`'s UTC calendar month. */
export function startOfMonth(instant: Date): Date {
  return new Date(`${monthOf(instant)}-01T00:00:00.000Z`);
}

/** Scans already counted in the month of `now`. */
export function scansThisMonth(user: Pick<UserDocument, 'scans'>, now: Date): number {
  return user.scans.byMonth[monthOf(now)] ?? 0;
}
