import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

/** Users made through the real Auth Emulator's REST API, as the web SDK would. */
export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

function base() {
  return `http://${inject('authEmulatorHost')}`;
}

async function call<T>(
  pathAndQuery: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${base()}${pathAndQuery}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`Auth emulator ${pathAndQuery}: ${json.error?.message ?? res.status}`);
  return json;
}

export async function signIn(email: string, password: string): Promise<string> {
  const res = await call<{ idToken: string }>(
    '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test',
    {
      email,
      password,
      returnSecureToken: true,
    },
  );
  return res.idToken;
}

/** Updates a user as an administrator would (emulator accepts `Bearer owner`). */
export async function updateUser(
  uid: string,
  changes: { emailVerified?: boolean; customAttributes?: Record<string, unknown> },
) {
  await call(
    `/identitytoolkit.googleapis.com/v1/projects/${inject('firebaseProjectId')}/accounts:update`,
    {
      localId: uid,
      ...(changes.emailVerified === undefined ? {} : { emailVerified: changes.emailVerified }),
      ...(changes.customAttributes ? { customAttributes: JSON.stringify(changes.customAttributes) } : {}),
    },
    { authorization: 'Bearer owner' },
  );
}

/**
 * Sets the user's display name as the web SDK's `updateProfile` does (any string, the provider
 * checks nothing), and answers the ID token that carries it.
 */
export async function setDisplayName(user: TestUser, displayName: string): Promise<string> {
  await call('/identitytoolkit.googleapis.com/v1/accounts:update?key=test', {
    idToken: user.idToken,
    displayName,
    returnSecureToken: true,
  });
  return signIn(user.email, user.password);
}

/** Revokes every session of a user that signed in before this second, as `revokeRefreshTokens` does. */
export async function revokeSessions(uid: string) {
  await sessionsValidSince(uid, Math.floor(Date.now() / 1000));
}

/** Sessions of the user that signed in from this second on are valid (seconds since the epoch). */
export async function sessionsValidSince(uid: string, seconds: number) {
  await call(
    `/identitytoolkit.googleapis.com/v1/projects/${inject('firebaseProjectId')}/accounts:update`,
    { localId: uid, validSince: String(seconds) },
    { authorization: 'Bearer owner' },
  );
}

/** Disables an account, as an administrator would in the provider's console. */
export async function disableUser(uid: string) {
  await call(
    `/identitytoolkit.googleapis.com/v1/projects/${inject('firebaseProjectId')}/accounts:update`,
    { localId: uid, disableUser: true },
    { authorization: 'Bearer owner' },
  );
}

export async function createUser(
  options: { verified?: boolean; admin?: boolean; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct-horse-1';
  const created = await call<{ localId: string; idToken: string }>(
    '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test',
    { email, password, returnSecureToken: true },
  );
  if (options.verified || options.admin) {
    await updateUser(created.localId, {
      emailVerified: options.verified ?? false,
      ...(options.admin ? { customAttributes: { admin: true } } : {}),
    });
  }
  const idToken = options.verified || options.admin ? await signIn(email, password) : created.idToken;
  return { uid: created.localId, email, password, idToken };
}

/** The out-of-band codes (verification, password reset) the emulator would have emailed. */
export async function oobCodes(): Promise<
  Array<{ email: string; oobCode: string; oobLink: string; requestType: string }>
> {
  const res = await fetch(`${base()}/emulator/v1/projects/${inject('firebaseProjectId')}/oobCodes`);
  const json = (await res.json()) as {
    oobCodes: Array<{ email: string; oobCode: string; oobLink: string; requestType: string }>;
  };
  return json.oobCodes;
}
