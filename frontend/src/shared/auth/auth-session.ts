import type { AuthUser } from './auth-user';

export const AUTH_STATE_KEY = 'auth-state';

interface StoredAuthState {
  user: AuthUser;
  timestamp: number;
}

/** A copy of the signed-in user plus a timestamp lives in session storage. */
export function saveAuthSession(user: AuthUser, now: number = Date.now()): void {
  const state: StoredAuthState = { user, timestamp: now };
  sessionStorage.setItem(AUTH_STATE_KEY, JSON.stringify(state));
}

export function clearAuthSession(): void {
  sessionStorage.removeItem(AUTH_STATE_KEY);
}
