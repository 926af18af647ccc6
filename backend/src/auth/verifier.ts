import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { DomainError } from '@labelwise/domain';
import { batchLookups, type LookupOptions } from './batched-lookup';
import { createSessionCheck, type SessionState } from './session-check';
import { createVerifiedTokens } from './verified-tokens';
import { loadTrustedTestKeys, verifyEmulatorToken, type IdTokenClaims } from './id-token';

/** The signed-in person as the API sees them, from a verified Firebase ID token. */
export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  provider: string;
  admin: boolean;
  /** When the person signed in (seconds since the epoch; the token's `auth_time`): deleting the account needs a recent one. */
  authTime: number;
}

export interface AuthVerifier {
  /**
   * Verifies an ID token, and that its session was not revoked nor its account disabled (the
   * provider's answer, cached per user for AUTH_SESSION_CHECK_SECONDS: see createSessionCheck).
   */
  verify(token: string): Promise<AuthUser>;
  /** Whether the identity provider answers right now. */
  ping(): Promise<boolean>;
  /** Sets or clears the `admin` custom claim. */
  setAdmin(email: string, admin: boolean): Promise<string>;
  /** Deletes the account at the identity provider and forgets its session here; false when it was gone already. */
  deleteAccount(uid: string): Promise<boolean>;
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
  // Never recent: the mock user cannot delete an account.
  authTime: 0,
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
 * Asks Firebase (or the Auth Emulator) about users' sessions, up to 100 users a round trip
 * (batchLookups). A user the provider does not know is refused as firebase-admin's getUser
 * refuses a deleted account.
 */
export function firebaseSessionLookup(projectId: string) {
  const auth = getAuth(firebaseApp(projectId));
  return batchLookups(
    async (uids) => {
      const { users } = await auth.getUsers(uids.map((uid) => ({ uid })));
      return new Map(
        users.map((user): [string, SessionState] => [
          user.uid,
          {
            disabled: user.disabled,
            validAfterMs: user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime).getTime() : null,
            admin: user.customClaims?.admin === true,
          },
        ]),
      );
    },
    (uid) => Object.assign(new Error(`no user ${uid}`), { code: 'auth/user-not-found' }),
  );
}

function toAuthUser(claims: IdTokenClaims, admin: boolean): AuthUser {
  const provider = claims.firebase?.sign_in_provider ?? 'unknown';
  return {
    uid: claims.sub,
    email: claims.email ?? null,
    // Google accounts are verified by Google: Google sign-in needs no separate verification.
    emailVerified: claims.email_verified === true || provider === 'google.com',
    displayName: typeof claims.name === 'string' ? claims.name : null,
    provider,
    admin,
    authTime: claims.auth_time,
  };
}

function refusal(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code ?? '';
  const message = (error as Error).message ?? '';
  if (NETWORK_ERRORS.test(message) || code === 'auth/internal-error') return authUnavailable();
  // A deleted account (auth/user-not-found) is an invalid session, like any other refusal.
  if (code === 'auth/id-token-expired')
    return unauthenticated('Your session has expired. Please sign in again.');
  return unauthenticated('Your session is not valid. Please sign in again.');
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
/**
 * How often a user's record is asked again for tokens that claim the admin privilege it lacks:
 * anyone can write such an emulator token, so they cost the provider at most a call a second.
 */
const ADMIN_RECHECK_MS = 1000;

/**
 * Firebase ID-token verification with firebase-admin. Against the Auth Emulator
 * (FIREBASE_AUTH_EMULATOR_HOST set) the emulator's unsigned tokens are accepted, and the admin
 * privilege is read from the emulator's record of the user, as fresh as revocations. Tokens signed
 * by a key of `trustedTestKeysFile` (AUTH_TRUSTED_TEST_KEYS, never in production) are verified
 * here with the same checks. Revocation is the provider's answer, asked at most once per user
 * every `sessionCheckSeconds`.
 */
export function createFirebaseVerifier(options: {
  projectId: string;
  emulatorHost?: string;
  allowMockToken: boolean;
  trustedTestKeysFile?: string;
  sessionCheckSeconds: number;
  /** How the provider is asked about a user's sessions (default: firebase-admin's getUsers). */
  sessionLookup?: (uid: string, options?: LookupOptions) => Promise<SessionState>;
}): AuthVerifier {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const auth = getAuth(firebaseApp(options.projectId));
  const testKeys = options.trustedTestKeysFile ? loadTrustedTestKeys(options.trustedTestKeysFile) : null;
  const sessions = createSessionCheck({
    lookup: options.sessionLookup ?? firebaseSessionLookup(options.projectId),
    maxAgeMs: options.sessionCheckSeconds * 1000,
  });

  // firebase-admin would ask the emulator about revocation on every call, reads included: its
  // unsigned tokens are checked here instead, as firebase-admin checks them.
  const decode = createVerifiedTokens(async (token: string): Promise<IdTokenClaims> => {
    if (testKeys?.signs(token)) return testKeys.verify(token, options.projectId);
    if (options.emulatorHost) return verifyEmulatorToken(token, options.projectId);
    return (await auth.verifyIdToken(token, false)) as unknown as IdTokenClaims;
  });
  /**
   * A signed token's admin claim is the provider's word. An emulator token is unsigned: anyone can
   * write one with any claim, so its privilege is the emulator's record of the user instead.
   */
  const isAdmin = async (token: string, claims: IdTokenClaims) => {
    if (!options.emulatorHost || testKeys?.signs(token)) return claims.admin === true;
    const record = await sessions.record(claims.sub);
    // A token issued after a grant claims what the cached record predates: the newly granted
    // administrator is let in at once, not after AUTH_SESSION_CHECK_SECONDS, on the record's word.
    if (claims.admin === true && !record.admin)
      return (await sessions.recheck(claims.sub, ADMIN_RECHECK_MS)).admin;
    return record.admin;
  };

  return {
    provider: options.emulatorHost ? 'emulator' : 'firebase',
    async verify(token) {
      if (token === MOCK_TOKEN) {
        if (options.allowMockToken) return MOCK_USER;
        throw unauthenticated('Your session is not valid. Please sign in again.');
      }
      try {
        const claims = await decode(token);
        if ((await sessions.verdict(claims.sub, claims.auth_time)) !== 'valid')
          throw unauthenticated(SESSION_ENDED);
        return toAuthUser(claims, await isAdmin(token, claims));
      } catch (error) {
        throw refusal(error);
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
    async deleteAccount(uid) {
      sessions.forget(uid);
      try {
        await auth.deleteUser(uid);
        return true;
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
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
