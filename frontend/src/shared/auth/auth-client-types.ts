import type { AuthUser } from './auth-user';

export type GoogleFlow = 'popup' | 'redirect';

/** What the app needs from the identity provider; implemented over Firebase in firebase-auth. */
export interface AuthClient {
  /** True when the app talks to the Firebase Auth Emulator (Google sign-in uses a test account). */
  readonly usesEmulator: boolean;
  onUserChanged(listener: (user: AuthUser | null) => void): () => void;
  ready(): Promise<void>;
  currentUser(): AuthUser | null;
  getIdToken(forceRefresh: boolean): Promise<string>;
  signUpWithEmail(email: string, password: string, displayName?: string): Promise<AuthUser>;
  /** Throws EmailNotVerifiedError (after resending verification and signing out) when unverified. */
  signInWithEmail(email: string, password: string): Promise<AuthUser>;
  sendPasswordReset(email: string): Promise<void>;
  /** Popup (or, in redirect mode, navigates away and resolves null); the emulator signs in a test account. */
  signInWithGoogle(flow: GoogleFlow): Promise<AuthUser | null>;
  redirectResult(): Promise<AuthUser | null>;
  resendVerification(): Promise<void>;
  signOut(): Promise<void>;
}
