import { describe, expect, it } from 'vitest';
import { analysisCacheKey, cachedAnalysis } from './cached-analysis';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('cachedAnalysis', () => {
  it('computes once and stores the result under the product id', () => {
    const storage = memoryStorage();
    let runs = 0;
    const compute = () => ({ rating: 'green', run: ++runs });
    expect(cachedAnalysis(7, compute, storage)).toEqual({ rating: 'green', run: 1 });
    expect(cachedAnalysis(7, compute, storage)).toEqual({ rating: 'green', run: 1 });
    expect(runs).toBe(1);
    expect(JSON.parse(storage.items.get(analysisCacheKey(7))!)).toEqual({ rating: 'green', run: 1 });
  });

  it('keeps products apart', () => {
    const storage = memoryStorage();
    cachedAnalysis(1, () => ({ rating: 'green' }), storage);
    expect(cachedAnalysis(2, () => ({ rating: 'red' }), storage)).toEqual({ rating: 'red' });
  });

  it('recomputes when the stored value is not parseable', () => {
    const storage = memoryStorage({ [analysisCacheKey(3)]: '{not json' });
    expect(cachedAnalysis(3, () => ({ rating: 'amber' }), storage)).toEqual({ rating: 'amber' });
    expect(storage.items.get(analysisCacheKey(3))).toBe('{"rating":"amber"}');
  });
});
