import { createSign, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';

/** What a signed-in user's ID token says about them (Firebase's claim names). */
export interface TestIdentity {
  uid: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
  /** Seconds since the epoch when the user signed in (default: now). */
  authTime?: number;
  /** The `admin: true` custom claim. */
  admin?: boolean;
}

/**
 * A local RSA key that signs ID tokens shaped as Google's for `projectId` (RS256, `kid`, the
 * securetoken issuer, one hour of life). Its public half, `jwks`, is what AUTH_TRUSTED_TEST_KEYS
 * points the API at. For benchmarks and tests only.
 */
export function createTestSigningKey(projectId: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `test-${randomUUID()}`;
  const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] };
  return {
    jwks,
    sign: (identity: TestIdentity, nowSeconds = Math.floor(Date.now() / 1000)) =>
      signToken(privateKey, kid, {
        iss: `https://securetoken.google.com/${projectId}`,
        aud: projectId,
        sub: identity.uid,
        user_id: identity.uid,
        auth_time: identity.authTime ?? nowSeconds,
        iat: nowSeconds,
        exp: nowSeconds + 3600,
        email: identity.email,
        email_verified: identity.emailVerified ?? true,
        ...(identity.name ? { name: identity.name } : {}),
        ...(identity.admin ? { admin: true } : {}),
        firebase: { sign_in_provider: 'password', identities: { email: [identity.email] } },
      }),
  };
}

function signToken(key: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid })}.${encode(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(key).toString('base64url');
  return `${unsigned}.${signature}`;
}
