import { SCAN_LIMIT_MESSAGE, scanAllowance } from '@labelwise/domain/contracts';
import type { UserStatsResponse } from '@labelwise/domain/contracts';
import type { AuthStatus } from '../../../shared/auth/auth-context';
import type { AuthUser } from '../../../shared/auth/auth-user';

export type ScanGate = 'loading' | 'signedOut' | 'unverified' | 'limitReached' | 'allowed';

export const SIGN_IN_REQUIRED = 'Please sign in to scan products and analyse ingredients.';
export const VERIFY_EMAIL_REQUIRED =
  'Please verify your email address before scanning. Check your inbox (and junk folder) for the verification link.';
/** The write side's own refusal message, shown before the server has to say it. */
export const SCAN_LIMIT_REACHED = SCAN_LIMIT_MESSAGE;

/**
 * The scanning gate (camera and analyse): signed in, email verified, scans left; premium is
 * always allowed. Unknown stats let the scan through: the server counts the allowance anyway.
 */
export function scanGate(
  status: AuthStatus,
  user: Pick<AuthUser, 'emailVerified'> | null,
  stats: Pick<UserStatsResponse, 'scansThisMonth' | 'scanLimit' | 'isPremium'> | undefined,
): ScanGate {
  if (status === 'loading') return 'loading';
  if (!user) return 'signedOut';
  if (!user.emailVerified) return 'unverified';
  if (!stats) return 'allowed';
  const { isPremium, scansThisMonth, scanLimit: limit } = stats;
  return scanAllowance({ isPremium, scansThisMonth, limit }).allowed ? 'allowed' : 'limitReached';
}
