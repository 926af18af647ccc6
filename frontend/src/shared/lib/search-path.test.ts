import { describe, expect, it } from 'vitest';
import { searchPath } from './search-path';

describe('searchPath', () => {
  it('trims and URL-encodes the term', () => {
    expect(searchPath('  oat milk ')).toBe('/search?q=oat%20milk');
    expect(searchPath('salt & vinegar?')).toBe('/search?q=salt%20%26%20vinegar%3F');
  });

  it('ignores blank terms', () => {
    expect(searchPath('')).toBeNull();
    expect(searchPath('   \t ')).toBeNull();
  });
});
