import { describe, expect, it } from 'vitest';
import { isPersonalProduct } from './personal-product';

describe('isPersonalProduct', () => {
  it("keeps a user's scan without a real name to its creator, whatever its spacing or case", () => {
    expect(isPersonalProduct({ name: 'Manual Analysis', source: 'user' })).toBe(true);
    expect(isPersonalProduct({ name: '  manual analysis ', source: 'user' })).toBe(true);
    expect(isPersonalProduct({ name: ' ', source: 'user' })).toBe(true);
  });

  it('lets a named scan, and products from the starter data or the console, join the catalogue', () => {
    expect(isPersonalProduct({ name: 'Oat Bar', source: 'user' })).toBe(false);
    expect(isPersonalProduct({ name: 'Manual Analysis Kit', source: 'user' })).toBe(false);
    expect(isPersonalProduct({ name: 'Manual Analysis', source: 'admin' })).toBe(false);
    expect(isPersonalProduct({ name: 'Manual Analysis', source: 'starter' })).toBe(false);
  });
});
