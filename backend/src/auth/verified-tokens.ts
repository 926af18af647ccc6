import type { IdTokenClaims } from './id-token';

const DEFAULT_CAPACITY = 20_000;

/**
 * `verify` remembered per token: a token's signature and claims never change, so once verified it
 * is not checked again until it expires (an hour at most for Firebase ID tokens). Only its expiry
 * is looked at on each call, then it is verified anew, which refuses it as expired. Revocation is
 * not a property of the token: it is asked of the provider on every call (see createSessionCheck).
 * Refusals are not remembered. The `capacity` most recently used tokens are kept.
 */
export function createVerifiedTokens(
  verify: (token: string) => Promise<IdTokenClaims>,
  options: { capacity?: number; nowSeconds?: () => number } = {},
): (token: string) => Promise<IdTokenClaims> {
  const capacity = options.capacity ?? DEFAULT_CAPACITY;
  const nowSeconds = options.nowSeconds ?? (() => Date.now() / 1000);
  const verified = new Map<string, IdTokenClaims>();
  return async (token) => {
    const known = verified.get(token);
    if (known && known.exp > nowSeconds()) {
      verified.delete(token);
      verified.set(token, known);
      return known;
    }
    verified.delete(token);
    const claims = await verify(token);
    verified.set(token, claims);
    if (verified.size > capacity) verified.delete(verified.keys().next().value!);
    return claims;
  };
}
