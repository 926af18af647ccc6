/** Spec §2: the analysis is cached in session storage per product id and reused if parseable. */
export const analysisCacheKey = (productId: number) => `product-analysis-${productId}`;

export function cachedAnalysis<T extends object>(
  productId: number,
  compute: () => T,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): T {
  const key = analysisCacheKey(productId);
  const stored = storage.getItem(key);
  if (stored) {
    try {
      const parsed: unknown = JSON.parse(stored);
      if (parsed && typeof parsed === 'object') return parsed as T;
    } catch {
      // unparseable: recompute below
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
