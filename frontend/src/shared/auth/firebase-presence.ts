import { looksLikeGoogleRedirect } from './google-redirect';

/** Where Firebase's local persistence keeps the signed-in user (one key per API key and app). */
export const FIREBASE_USER_KEY_PREFIX = 'firebase:authUser:';
const PENDING_REDIRECT_KEY_PREFIX = 'firebase:pendingRedirect';

const hasKey = (storage: Storage, prefix: string) => {
  for (let index = 0; index < storage.length; index++) {
    if (storage.key(index)?.startsWith(prefix)) return true;
  }
  return false;
};

/**
 * Whether Firebase has to be loaded now: a user persisted by an earlier visit, or a Google
 * redirect sign-in coming back. Guests otherwise never download the Firebase SDK until they
 * choose to sign in.
 */
export function firebaseNeededAtStart(
  local: Storage = localStorage,
  session: Storage = sessionStorage,
  location: Pick<Location, 'search'> = window.location,
  referrer: string = document.referrer,
): boolean {
  return (
    hasKey(local, FIREBASE_USER_KEY_PREFIX) ||
    hasKey(session, PENDING_REDIRECT_KEY_PREFIX) ||
    looksLikeGoogleRedirect(location.search, referrer)
  );
}
