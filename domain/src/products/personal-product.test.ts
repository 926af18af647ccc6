import { describe, expect, it } from 'vitest';
import { isPersonalProduct } from './personal-product';

describe('isPersonalProduct', () => {
  it("keeps a user's scan without a real name to its creator, whatever its spacing or case", () => {
    expect(
      isPersonalProduct({ name: 'Manual Analysis', barcode: 'MANUAL_1700000000000', source: 'user' }),
    ).toBe(true);
    expect(
      isPersonalProduct({ name: '  manual analysis ', barcode: 'MANUAL_1700000000000', source: 'user' }),
    ).toBe(true);
    expect(isPersonalProduct({ name: ' ', barcode: 'MANUAL_1700000000000', source: 'user' })).toBe(true);
    expect(isPersonalProduct({ name: 'Manual Analysis', barcode: '', source: 'user' })).toBe(true);
  });

  it('puts a scan with a real barcode in the catalogue, so the next shopper who scans it finds it', () => {
    expect(isPersonalProduct({ name: 'Manual Analysis', barcode: '5000159461122', source: 'user' })).toBe(
      false,
    );
  });

  it('lets a named scan, and products from the starter data or the console, join the catalogue', () => {
    expect(isPersonalProduct({ name: 'Oat Bar', barcode: 'MANUAL_1700000000000', source: 'user' })).toBe(
      false,
    );
    expect(
      isPersonalProduct({ name: 'Manual Analysis Kit', barcode: 'MANUAL_1700000000000', source: 'user' }),
    ).toBe(false);
    expect(isPersonalProduct({ name: 'Manual Analysis', barcode: '', source: 'admin' })).toBe(false);
    expect(isPersonalProduct({ name: 'Manual Analysis', barcode: '', source: 'starter' })).toBe(false);
  });
});
