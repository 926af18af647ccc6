import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createUser, disableUser, revokeSessions } from '../../testing/emulator-users';
import { createTestSigningKey } from './test-signing-key';
import { createFirebaseVerifier, firebaseSessionLookup, type AuthVerifier } from './verifier';

const projectId = inject('firebaseProjectId');
const signingKey = createTestSigningKey(projectId);
const strangerKey = createTestSigningKey(projectId);
let dir: string;
let keysFile: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-verifier-'));
  keysFile = path.join(dir, 'trusted-keys.json');
  fs.writeFileSync(keysFile, JSON.stringify(signingKey.jwks));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A verifier on the run's Auth Emulator whose provider lookups are counted. */
function countingVerifier(options: { sessionCheckSeconds: number; trustedTestKeysFile?: string }) {
  const counter = { calls: 0 };
  let lookup: ReturnType<typeof firebaseSessionLookup> | undefined;
  const verifier: AuthVerifier = createFirebaseVerifier({
    projectId,
    emulatorHost: inject('authEmulatorHost'),
    allowMockToken: false,
    ...options,
    sessionLookup: (uid) => {
      counter.calls++;
      lookup ??= firebaseSessionLookup(projectId);
      return lookup(uid);
    },
  });
  return { verifier, counter };
}

const refusedWith = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('ID tokens signed by a trusted test key (AUTH_TRUSTED_TEST_KEYS)', () => {
  it('are verified as Google-signed tokens are: RS256 signature, kid, audience, issuer, lifetime, subject', async () => {
    const user = await createUser({ verified: true });
    const { verifier } = countingVerifier({ sessionCheckSeconds: 30, trustedTestKeysFile: keysFile });
    const identity = { uid: user.uid, email: user.email };
    const token = signingKey.sign(identity);
    await expect(verifier.verify(token)).resolves.toMatchObject({
      uid: user.uid,
      email: user.email,
      emailVerified: true,
    });

    const now = Math.floor(Date.now() / 1000);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const withClaims = (change: Record<string, unknown>) =>
      `${header}.${Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url')}.${signature}`;
    const invalid = 'Your session is not valid. Please sign in again.';
    expect(await refusedWith(verifier.verify(withClaims({ sub: 'someone-else' })))).toBe(invalid);
    expect(await refusedWith(verifier.verify(strangerKey.sign(identity)))).toBe(invalid);
    expect(await refusedWith(verifier.verify(`${header}.${payload}.`))).toBe(invalid);
    expect(await refusedWith(verifier.verify(signingKey.sign(identity, now - 7200)))).toBe(
      'Your session has expired. Please sign in again.',
    );
    expect(await refusedWith(verifier.verify(signingKey.sign(identity, now + 600)))).toBe(invalid);
    const otherProject = createTestSigningKey('someone-elses-project');
    const otherFile = path.join(dir, 'other-keys.json');
    fs.writeFileSync(otherFile, JSON.stringify(otherProject.jwks));
    const { verifier: trustsOther } = countingVerifier({
      sessionCheckSeconds: 30,
      trustedTestKeysFile: otherFile,
    });
    expect(await refusedWith(trustsOther.verify(otherProject.sign(identity)))).toBe(invalid);

    // Without the setting the same token is just a forgery.
    const { verifier: plain } = countingVerifier({ sessionCheckSeconds: 30 });
    expect(await refusedWith(plain.verify(token))).toBe(invalid);
  });

  it('carry the admin claim on their own word, every time; an unsigned emulator token claiming it does not', async () => {
    const user = await createUser({ verified: true });
    const { verifier } = countingVerifier({ sessionCheckSeconds: 30, trustedTestKeysFile: keysFile });
    const signed = signingKey.sign({ uid: user.uid, email: user.email, admin: true });
    const payload = signed.split('.')[1]!;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;

    // The second call is answered from the verified tokens this process remembers.
    for (let call = 0; call < 2; call++)
      expect(await verifier.verify(signed)).toMatchObject({ uid: user.uid, admin: true });
    expect(await verifier.verify(unsigned)).toMatchObject({ uid: user.uid, admin: false });
  });
});

describe('session revocation', () => {
  it('asks the provider once per user per bound, however many writes the session makes', async () => {
    const user = await createUser({ verified: true });
    const { verifier, counter } = countingVerifier({ sessionCheckSeconds: 30 });
    await Promise.all(Array.from({ length: 5 }, () => verifier.verify(user.idToken)));
    for (let i = 0; i < 20; i++) await verifier.verify(user.idToken);
    expect(counter.calls).toBe(1);
  });

  /** Polls until the session is refused; the refusal and how long after `since` it came. */
  async function refusalAfter(verifier: AuthVerifier, token: string, since: number, limitMs: number) {
    let refusal = 'accepted';
    while (refusal === 'accepted' && Date.now() - since < limitMs) {
      refusal = await refusedWith(verifier.verify(token));
      if (refusal === 'accepted') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { refusal, afterMs: Date.now() - since };
  }

  it('refuses a revoked session and a disabled account within the bound', async () => {
    const bound = 1;
    const [revoked, disabled] = await Promise.all([
      createUser({ verified: true }),
      createUser({ verified: true }),
    ]);
    const { verifier } = countingVerifier({ sessionCheckSeconds: bound });
    await verifier.verify(revoked.idToken);
    await verifier.verify(disabled.idToken);
    // The provider's revocation has a one-second granularity: sign-ins of this second survive it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await Promise.all([revokeSessions(revoked.uid), disableUser(disabled.uid)]);
    const at = Date.now();
    const [afterRevocation, afterDisabling] = await Promise.all([
      refusalAfter(verifier, revoked.idToken, at, 3000 * bound),
      refusalAfter(verifier, disabled.idToken, at, 3000 * bound),
    ]);
    expect(afterRevocation.refusal).toBe('Your session has ended. Please sign in again.');
    expect(afterDisabling.refusal).toBe('Your session has ended. Please sign in again.');
    expect(afterRevocation.afterMs).toBeLessThanOrEqual(bound * 1000 + 200);
    expect(afterDisabling.afterMs).toBeLessThanOrEqual(bound * 1000 + 200);
  });
});

describe('the provider lookup', () => {
  it('asks about many users in one call: each gets its own answer (the admin claim included), an unknown one is refused', async () => {
    const [active, revoked, disabled, admin] = await Promise.all([
      createUser({ verified: true }),
      createUser({ verified: true }),
      createUser({ verified: true }),
      createUser({ verified: true, admin: true }),
    ]);
    await Promise.all([revokeSessions(revoked.uid), disableUser(disabled.uid)]);
    const lookup = firebaseSessionLookup(projectId);
    const [a, r, d, ad, unknown] = await Promise.allSettled(
      [active.uid, revoked.uid, disabled.uid, admin.uid, 'nobody-at-all'].map((uid) => lookup(uid)),
    );
    const member = { disabled: false, validAfterMs: expect.any(Number), admin: false };
    expect(a).toEqual({ status: 'fulfilled', value: member });
    expect(r).toEqual({ status: 'fulfilled', value: member });
    expect(d).toMatchObject({ status: 'fulfilled', value: { disabled: true } });
    expect(ad).toEqual({ status: 'fulfilled', value: { ...member, admin: true } });
    expect(unknown).toMatchObject({ status: 'rejected', reason: { code: 'auth/user-not-found' } });
  });
});
