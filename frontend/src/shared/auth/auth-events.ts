import type { AuthUser } from './auth-user';

/** Auth window events, for code outside React (and tests) that waits on auth. */
export const AUTH_STATE_READY_EVENT = 'auth-state-ready';
export const GOOGLE_AUTH_SUCCESS_EVENT = 'google-auth-success';

export function broadcastAuthStateReady(user: AuthUser): void {
  window.dispatchEvent(new CustomEvent<AuthUser>(AUTH_STATE_READY_EVENT, { detail: user }));
}

export function broadcastGoogleAuthSuccess(user: AuthUser): void {
  window.dispatchEvent(new CustomEvent<AuthUser>(GOOGLE_AUTH_SUCCESS_EVENT, { detail: user }));
}
