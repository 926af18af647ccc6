import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { loadRuntimeConfig } from '../api/runtime-config';
import { registerTokenSource } from '../api/token-source';
import { loadAuthClient } from './auth-client';
import type { AuthClient } from './auth-client-types';
import { toastGoogleWelcome } from './components/sign-in-toasts';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';
import { authErrorCode, NETWORK_UNAVAILABLE, NO_SIGNED_IN_USER } from './auth-errors';
import { broadcastAuthStateReady, broadcastGoogleAuthSuccess } from './auth-events';
import { clearAuthSession, saveAuthSession } from './auth-session';
import { FIREBASE_USER_KEY_PREFIX, firebaseNeededAtStart } from './firebase-presence';
import type { AuthUser } from './auth-user';
import {
  looksLikeGoogleRedirect,
  REDIRECT_RECHECK_DELAYS_MS,
  withoutRedirectParams,
} from './google-redirect';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const loadClient = async () => loadAuthClient(await loadRuntimeConfig());

const GUEST_TOKENS = {
  ready: async () => {},
  hasUser: () => false,
  getIdToken: () => Promise.reject(new Error(NO_SIGNED_IN_USER)),
};

/** One redirect-result check; true when a Google redirect sign-in completed. */
async function completeGoogleRedirect(client: AuthClient): Promise<boolean> {
  try {
    const user = await client.redirectResult();
    if (!user) return false;
    window.history.replaceState(window.history.state, '', withoutRedirectParams(window.location.href));
    broadcastGoogleAuthSuccess(user);
    toastGoogleWelcome();
    return true;
  } catch (error) {
    if (authErrorCode(error) === 'unauthorized-domain')
      console.warn('Google redirect check: unauthorized domain', error);
    else console.error('Google redirect check failed', error);
    return false;
  }
}

async function watchGoogleRedirect(client: AuthClient): Promise<void> {
  if (await completeGoogleRedirect(client)) return;
  if (!looksLikeGoogleRedirect(window.location.search, document.referrer)) return;
  for (const delay of REDIRECT_RECHECK_DELAYS_MS) {
    await sleep(delay);
    if (await completeGoogleRedirect(client)) return;
  }
}

/**
 * The authentication state machine: loading → authenticated (fresh token forced on every
 * change) or unauthenticated (no user, or the token could not be obtained).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: AuthStatus; user: AuthUser | null }>({
    status: 'loading',
    user: null,
  });
  const [usesEmulator, setUsesEmulator] = useState<boolean | null>(null);
  const [signInDialogOpen, setSignInDialogOpen] = useState(false);
  const startAuth = useRef<() => Promise<AuthClient>>(loadClient);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    let change = 0;
    let started: Promise<AuthClient> | undefined;

    const signedOut = () => {
      clearAuthSession();
      setState({ status: 'unauthenticated', user: null });
    };

    const follow = (client: AuthClient) => {
      registerTokenSource({
        ready: () => client.ready(),
        hasUser: () => client.currentUser() !== null,
        getIdToken: (force) => client.getIdToken(force),
      });
      unsubscribe = client.onUserChanged(async (user) => {
        const current = ++change;
        if (!user) return signedOut();
        const signedIn = () => {
          saveAuthSession(user);
          setState({ status: 'authenticated', user });
          broadcastAuthStateReady(user);
        };
        try {
          await client.getIdToken(true);
          if (current !== change) return;
          signedIn();
        } catch (error) {
          if (current !== change) return;
          // Offline the token cannot be refreshed, which says nothing about its validity: the
          // installed app stays signed in so the analyser works (issue #10).
          if (authErrorCode(error) === NETWORK_UNAVAILABLE) return signedIn();
          console.error('Could not obtain a fresh ID token', error);
          signedOut();
        }
      });
      void watchGoogleRedirect(client);
    };

    const start = () => {
      started ??= loadClient().then((client) => {
        if (!cancelled) follow(client);
        return client;
      });
      return started;
    };
    startAuth.current = start;

    loadRuntimeConfig()
      .then((config) => !cancelled && setUsesEmulator(config.authEmulatorUrl !== null))
      .catch(() => {});

    if (firebaseNeededAtStart()) {
      start().catch((error: unknown) => {
        console.error('Authentication is unavailable', error);
        registerTokenSource(GUEST_TOKENS);
        if (!cancelled) signedOut();
      });
    } else {
      registerTokenSource(GUEST_TOKENS);
      signedOut();
    }

    // Signing in from another tab persists a user: follow it here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key?.startsWith(FIREBASE_USER_KEY_PREFIX) && event.newValue) void start();
    };
    window.addEventListener('storage', onStorage);

    return () => {
      cancelled = true;
      unsubscribe?.();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      usesEmulator,
      authClient: () => startAuth.current(),
      signInDialogOpen,
      setSignInDialogOpen,
    }),
    [state, usesEmulator, signInDialogOpen],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
