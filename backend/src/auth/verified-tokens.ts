import { LRUCache } from 'lru-cache';
import type { IdTokenClaims } from './id-token';

const DEFAULT_CAPACITY = 20_000;

/**
 * `verify` remembered per token: a token's signature and claims never change, so once verified it
 * is not checked again until it expires (an hour at most for Firebase ID tokens). From then on it
 * is verified anew, which refuses it as expired. Revocation is not a property of the token: it is
 * asked of the provider on every call (see createSessionCheck). Refusals are not remembered. The
 * `capacity` most recently used tokens are kept.
 */
export function createVerifiedTokens(
  verify: (token: string) => Promise<IdTokenClaims>,
  options: { capacity?: number; nowSeconds?: () => number } = {},
): (token: string) => Promise<IdTokenClaims> {
  const nowMs = () => (options.nowSeconds ? options.nowSeconds() * 1000 : Date.now());
  const verified = new LRUCache<string, IdTokenClaims>({
    max: options.capacity ?? DEFAULT_CAPACITY,
    // Each token lives until its own expiry (set with it), checked against the clock on every call.
    perf: { now: nowMs },
    ttlResolution: 0,
  });
  return async (token) => {
    const known = verified.get(token);
    if (known) return known;
    const claims = await verify(token);
    // lru-cache keeps an entry until its age passes the ttl: one millisecond less ends it at `exp`.
    const lifetimeMs = Math.floor(claims.exp * 1000 - nowMs()) - 1;
    if (lifetimeMs > 0) verified.set(token, claims, { ttl: lifetimeMs });
    return claims;
  };
}
