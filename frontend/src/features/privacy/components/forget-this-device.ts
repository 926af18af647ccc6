import type { QueryClient } from '@tanstack/react-query';
import { COLOR_MODE_KEY } from '../../../shared/lib/color-mode';

/**
 * After the account is deleted, this browser keeps nothing of it: no cached answers, no drafts or
 * copies in session storage, no saved preferences, answers or sign-in state; only the colour mode,
 * which is the device's, stays.
 */
export function forgetThisDevice(
  queryClient: QueryClient,
  session: Storage = sessionStorage,
  local: Storage = localStorage,
): void {
  queryClient.clear();
  session.clear();
  for (const key of Object.keys(local)) if (key !== COLOR_MODE_KEY) local.removeItem(key);
}
