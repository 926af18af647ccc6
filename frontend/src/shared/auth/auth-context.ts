import { createContext, useContext } from 'react';
import type { AuthClient } from './auth-client-types';
import type { AuthUser } from './auth-user';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  /** Known once Firebase is loaded; null while loading or when auth could not start. */
  usesEmulator: boolean | null;
  /** The identity provider client (Firebase loads on first use). */
  authClient(): Promise<AuthClient>;
  signInDialogOpen: boolean;
  setSignInDialogOpen(open: boolean): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
