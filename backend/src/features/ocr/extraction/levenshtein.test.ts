import { describe, expect, it } from 'vitest';
import { levenshtein, substringDistance } from './levenshtein';

describe('levenshtein', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('abc', '')).toBe(3);
    expect(levenshtein('same', 'same')).toBe(0);
  });
});

describe('substringDistance', () => {
  it('measures against the closest substring, wherever it starts and ends', () => {
    expect(substringDistance('sugar', 'ingredients: sugar, salt')).toBe(0);
    expect(substringDistance('sugar', 'ingredients: sngar, salt')).toBe(1);
    expect(substringDistance('sugar', '')).toBe(5);
    expect(substringDistance('', 'anything')).toBe(0);
  });
});
