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

interface Result {
  rating: string;
  run?: number;
}
const parseResult = (value: unknown): Result | null =>
  typeof value === 'object' && value !== null && typeof (value as Result).rating === 'string'
    ? (value as Result)
    : null;

describe('cachedAnalysis', () => {
  it('computes once and stores the result under the product id', () => {
    const storage = memoryStorage();
    let runs = 0;
    const compute = () => ({ rating: 'green', run: ++runs });
    expect(cachedAnalysis(7, compute, parseResult, storage)).toEqual({ rating: 'green', run: 1 });
    expect(cachedAnalysis(7, compute, parseResult, storage)).toEqual({ rating: 'green', run: 1 });
    expect(runs).toBe(1);
    expect(JSON.parse(storage.items.get(analysisCacheKey(7))!)).toEqual({ rating: 'green', run: 1 });
  });

  it('keeps products apart', () => {
    const storage = memoryStorage();
    cachedAnalysis(1, () => ({ rating: 'green' }), parseResult, storage);
    expect(cachedAnalysis(2, () => ({ rating: 'red' }), parseResult, storage)).toEqual({ rating: 'red' });
  });

  it('recomputes when the stored value is not JSON', () => {
    const storage = memoryStorage({ [analysisCacheKey(3)]: '{not json' });
    expect(cachedAnalysis(3, () => ({ rating: 'amber' }), parseResult, storage)).toEqual({ rating: 'amber' });
    expect(storage.items.get(analysisCacheKey(3))).toBe('{"rating":"amber"}');
  });

  it('recomputes when the stored JSON does not have the expected shape', () => {
    const storage = memoryStorage({ [analysisCacheKey(4)]: '{"score":1}' });
    expect(cachedAnalysis(4, () => ({ rating: 'red' }), parseResult, storage)).toEqual({ rating: 'red' });
  });
});
