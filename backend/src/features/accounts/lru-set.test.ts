import { describe, expect, it } from 'vitest';
import { LruSet } from './lru-set';

describe('LruSet', () => {
  it('forgets the least recently seen key beyond its capacity', () => {
    const set = new LruSet<string>(2);
    set.add('a');
    set.add('b');
    expect(set.has('a')).toBe(true); // 'b' is now the oldest
    set.add('c');
    expect(set.has('b')).toBe(false);
    expect(set.has('a')).toBe(true);
    expect(set.has('c')).toBe(true);
    expect(set.size).toBe(2);
  });

  it('does not grow when a known key is added again', () => {
    const set = new LruSet<number>(3);
    set.add(1);
    set.add(1);
    expect(set.size).toBe(1);
  });
});
