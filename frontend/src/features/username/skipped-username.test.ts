import { describe, expect, it } from 'vitest';
import { hasSkippedUsername, rememberSkippedUsername, SKIPPED_USERNAME_KEY } from './skipped-username';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the remembered username skip', () => {
  it('is remembered per user', () => {
    const storage = memoryStorage();
    expect(hasSkippedUsername('ann', storage)).toBe(false);
    rememberSkippedUsername('ann', storage);
    rememberSkippedUsername('ann', storage);
    expect(hasSkippedUsername('ann', storage)).toBe(true);
    expect(hasSkippedUsername('ben', storage)).toBe(false);
    expect(JSON.parse(storage.getItem(SKIPPED_USERNAME_KEY)!)).toEqual(['ann']);
  });

  it('reads a damaged entry as no skip, and survives a storage that refuses writes', () => {
    expect(hasSkippedUsername('ann', memoryStorage({ [SKIPPED_USERNAME_KEY]: '{oops' }))).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberSkippedUsername('ann', refusing)).not.toThrow();
    expect(hasSkippedUsername('ann', null)).toBe(false);
  });
});
