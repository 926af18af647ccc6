import { createPublicKey, verify as verifySignature, type JsonWebKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';

/** The claims of a verified ID token that the API uses (the names Firebase gives them). */
export interface IdTokenClaims {
  sub: string;
  auth_time: number;
  /** When the token expires (seconds since the epoch). */
  exp: number;
  email?: string;
  email_verified?: boolean;
  name?: string;
  admin?: boolean;
  firebase?: { sign_in_provider?: string };
}

/** Why a token was refused, in firebase-admin's codes, so every path maps to the same answers. */
export class TokenRefused extends Error {
  constructor(
    readonly code: 'auth/id-token-expired' | 'auth/argument-error',
    message: string,
  ) {
    super(message);
  }
}

const MAX_UID_LENGTH = 128;
const invalid = (message: string) => new TokenRefused('auth/argument-error', message);

function decodePart(part: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  throw invalid('not a JWT');
}

function decodeJwt(token: string) {
  const parts = token.split('.');
  if (parts.length !== 3) throw invalid('not a JWT');
  return {
    header: decodePart(parts[0]),
    claims: decodePart(parts[1]),
    signed: Buffer.from(`${parts[0]}.${parts[1]}`),
    signature: Buffer.from(parts[2]!, 'base64url'),
  };
}

/** Firebase's rules for an ID token's claims (audience, issuer, subject, lifetime, sign-in time). */
function checkClaims(claims: Record<string, unknown>, projectId: string, nowSeconds: number): IdTokenClaims {
  const { aud, iss, sub, exp, iat, auth_time } = claims;
  if (aud !== projectId) throw invalid('wrong audience');
  if (iss !== `https://securetoken.google.com/${projectId}`) throw invalid('wrong issuer');
  if (typeof sub !== 'string' || sub === '' || sub.length > MAX_UID_LENGTH) throw invalid('wrong subject');
  if (typeof exp !== 'number' || exp <= nowSeconds)
    throw new TokenRefused('auth/id-token-expired', 'expired');
  if (typeof iat !== 'number' || iat > nowSeconds) throw invalid('issued in the future');
  if (typeof auth_time !== 'number' || auth_time > nowSeconds) throw invalid('signed in in the future');
  return claims as unknown as IdTokenClaims;
}

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/**
 * An Auth Emulator token: unsigned (alg none), so only its claims are checked, as firebase-admin
 * does for the emulator.
 */
export function verifyEmulatorToken(token: string, projectId: string, nowSeconds = nowInSeconds()) {
  const { header, claims, signature } = decodeJwt(token);
  if (header.alg !== 'none' || signature.length > 0) throw invalid('not an emulator token');
  return checkClaims(claims, projectId, nowSeconds);
}

export interface TrustedTestKeys {
  /** Whether `token` names one of these keys (its `kid`): only then is it verified here. */
  signs(token: string): boolean;
  /** Verifies the RS256 signature and the claims, as firebase-admin verifies a Google-signed ID token. */
  verify(token: string, projectId: string, nowSeconds?: number): IdTokenClaims;
}

/**
 * Public keys, outside Google's, that this process trusts to sign ID tokens: a JWKS file named
 * by AUTH_TRUSTED_TEST_KEYS (never in production; see productionRefusals). The bench signs
 * tokens for its thousands of users with the matching private key, so every request pays the
 * RS256 signature check and the claim checks that a Google-signed token pays.
 */
export function loadTrustedTestKeys(file: string): TrustedTestKeys {
  const { keys } = JSON.parse(fs.readFileSync(file, 'utf8')) as { keys: Array<JsonWebKey & { kid: string }> };
  const byKid = new Map<string, KeyObject>(
    keys.map((jwk) => [jwk.kid, createPublicKey({ key: jwk, format: 'jwk' })]),
  );
  const keyOf = (header: Record<string, unknown>) =>
    typeof header.kid === 'string' ? byKid.get(header.kid) : undefined;
  return {
    signs: (token) => {
      try {
        return keyOf(decodePart(token.split('.')[0])) !== undefined;
      } catch {
        return false;
      }
    },
    verify(token, projectId, nowSeconds = nowInSeconds()) {
      const { header, claims, signed, signature } = decodeJwt(token);
      const key = keyOf(header);
      if (header.alg !== 'RS256' || !key) throw invalid('wrong algorithm or unknown key');
      if (!verifySignature('RSA-SHA256', signed, key, signature)) throw invalid('invalid signature');
      return checkClaims(claims, projectId, nowSeconds);
    },
  };
}
