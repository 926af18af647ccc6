import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { DomainError } from '@labelwise/domain';

/** The signed-in person as the API sees them, from a verified Firebase ID token. */
export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  provider: string;
  admin: boolean;
}

export interface AuthVerifier {
  /** Verifies an ID token; `checkRevoked` also asks the provider whether the session was revoked. */
  verify(token: string, options: { checkRevoked: boolean }): Promise<AuthUser>;
  /** Whether the identity provider answers right now. */
  ping(): Promise<boolean>;
  /** Sets or clears the `admin` custom claim. */
  setAdmin(email: string, admin: boolean): Promise<string>;
  provider: 'emulator' | 'firebase';
}

export const MOCK_TOKEN = 'mock-token';
export const MOCK_USER: AuthUser = {
  uid: 'mock-user',
  email: 'mock@labelwise.local',
  emailVerified: true,
  displayName: 'Mock User',
  provider: 'mock',
  admin: false,
};

const unauthenticated = (message: string) => new DomainError('unauthenticated', 'UNAUTHENTICATED', message);
const authUnavailable = () =>
  new DomainError(
    'unavailable',
    'AUTH_UNAVAILABLE',
    'Sign-in service is unavailable. Please try again shortly.',
  );

const NETWORK_ERRORS = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|fetch failed|socket hang up|network/i;

function firebaseApp(projectId: string): App {
  const name = `labelwise-${projectId}`;
  return getApps().find((app) => app.name === name) ?? initializeApp({ projectId }, name);
}

/**
 * Firebase ID-token verification with firebase-admin. Against the Auth Emulator
 * (FIREBASE_AUTH_EMULATOR_HOST set) firebase-admin accepts the emulator's tokens.
 */
export function createFirebaseVerifier(options: {
  projectId: string;
  emulatorHost?: string;
  allowMockToken: boolean;
}): AuthVerifier {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const auth = getAuth(firebaseApp(options.projectId));

  return {
    provider: options.emulatorHost ? 'emulator' : 'firebase',
    async verify(token, { checkRevoked }) {
      if (token === MOCK_TOKEN) {
        if (options.allowMockToken) return MOCK_USER;
        throw unauthenticated('Your session is not valid. Please sign in again.');
      }
      try {
        const decoded = await auth.verifyIdToken(token, checkRevoked);
        const provider = decoded.firebase?.sign_in_provider ?? 'unknown';
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          // Google accounts are verified by Google; spec §6: Google sign-in needs no separate verification.
          emailVerified: decoded.email_verified === true || provider === 'google.com',
          displayName: typeof decoded.name === 'string' ? decoded.name : null,
          provider,
          admin: decoded.admin === true,
        };
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        const message = (error as Error).message ?? '';
        if (NETWORK_ERRORS.test(message) || code === 'auth/internal-error') throw authUnavailable();
        if (code === 'auth/id-token-revoked' || code === 'auth/user-disabled') {
          throw unauthenticated('Your session has ended. Please sign in again.');
        }
        if (code === 'auth/id-token-expired')
          throw unauthenticated('Your session has expired. Please sign in again.');
        throw unauthenticated('Your session is not valid. Please sign in again.');
      }
    },
    async ping() {
      if (!options.emulatorHost) return true;
      try {
        const res = await fetch(
          `http://${options.emulatorHost}/emulator/v1/projects/${options.projectId}/config`,
          {
            signal: AbortSignal.timeout(1500),
          },
        );
        return res.ok;
      } catch {
        return false;
      }
    },
    async setAdmin(email, admin) {
      const user = await auth.getUserByEmail(email);
      await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), admin });
      return user.uid;
    },
  };
}
