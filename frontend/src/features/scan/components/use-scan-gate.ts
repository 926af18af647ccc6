import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { userStatsQuery, useUserStats } from '../../../shared/api/user-stats';
import { useAuth } from '../../../shared/auth/auth-context';
import { showToast } from '../../../shared/toast/toaster';
import { scanGate, SCAN_LIMIT_REACHED, VERIFY_EMAIL_REQUIRED, type ScanGate } from './scan-gate';

/** Where a refused user came from: the camera sends a signed-out user to /auth, the form opens the dialog. */
export type GatedVia = 'analyse' | 'camera';

/**
 * Whether the user may scan now (signed in, verified, under the free allowance), and how a
 * refused user is told why and sent on.
 */
export function useScanGate() {
  const { status, user, setSignInDialogOpen } = useAuth();
  const uid = user?.uid ?? null;
  const stats = useUserStats(uid);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const gate = scanGate(status, user, stats.data);

  /** The gate with the allowance fetched if it is not known yet. */
  const checkGate = async (): Promise<ScanGate> => {
    // Offline the allowance cannot be fetched (the query would wait): the server counts it on save.
    if (gate !== 'allowed' || stats.data || !uid || !onlineManager.isOnline()) return gate;
    try {
      return scanGate(status, user, await queryClient.fetchQuery(userStatsQuery(uid)));
    } catch {
      return gate;
    }
  };

  const refuse = (refused: ScanGate, via: GatedVia) => {
    if (refused === 'signedOut') {
      if (via === 'camera') navigate('/auth');
      else setSignInDialogOpen(true);
    } else if (refused === 'unverified') {
      showToast({
        title: 'Email verification required',
        description: VERIFY_EMAIL_REQUIRED,
        variant: 'destructive',
      });
    } else if (refused === 'limitReached') {
      showToast({ title: 'Scan limit reached', description: SCAN_LIMIT_REACHED, variant: 'destructive' });
      navigate('/premium');
    }
  };

  /** Whether the user may go on, the allowance fetched if unknown; a refused user is told why. */
  const mayProceed = async (via: GatedVia): Promise<boolean> => {
    const allowed = await checkGate();
    if (allowed === 'allowed') return true;
    refuse(allowed, via);
    return false;
  };

  /** The same without waiting, for what must open at once (the file picker): the gate as it stands. */
  const mayProceedNow = (via: GatedVia): boolean => {
    if (gate === 'allowed') return true;
    refuse(gate, via);
    return false;
  };

  return { status, uid, stats, gate, refuse, mayProceed, mayProceedNow };
}
