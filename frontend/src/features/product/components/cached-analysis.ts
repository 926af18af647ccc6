/** The analysis is cached in session storage per product id and reused if parseable. */
export const analysisCacheKey = (productId: number) => `product-analysis-${productId}`;

/**
 * The stored analysis when it parses (per `parse`, which returns null when the value does not fit),
 * else a fresh one, which is stored.
 */
export function cachedAnalysis<T>(
  productId: number,
  compute: () => T,
  parse: (value: unknown) => T | null,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): T {
  const key = analysisCacheKey(productId);
  const stored = storage.getItem(key);
  if (stored) {
    try {
      const parsed = parse(JSON.parse(stored));
      if (parsed !== null) return parsed;
    } catch {
      // not JSON: recompute below
    }
  }
  const fresh = compute();
  try {
    storage.setItem(key, JSON.stringify(fresh));
  } catch {
    // storage full or unavailable: the analysis still shows
  }
  return fresh;
}
