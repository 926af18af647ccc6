import { describe, expect, it } from 'vitest';
import { barcodeKeys, canonicalBarcode, isValidGtin, printedCode } from './barcode';
import { streams } from './events/catalogue';

describe('printedCode', () => {
  it('keeps the code as printed, trimmed; none when empty or all zeros', () => {
    expect(printedCode(' 0059800748452 ')).toBe('0059800748452');
    expect(printedCode('')).toBeNull();
    expect(printedCode('   ')).toBeNull();
    expect(printedCode('0000')).toBeNull();
    expect(printedCode(undefined)).toBeNull();
    expect(printedCode(3017620422003)).toBe('3017620422003');
  });
});

describe('barcodeKeys', () => {
  it('gives an EAN-13 its UPC-A equivalent when it starts with 0, and the other way round', () => {
    expect(barcodeKeys('0059800748452')).toEqual(['0059800748452', '059800748452']);
    expect(barcodeKeys('059800748452')).toEqual(['059800748452', '0059800748452']);
  });

  it('an EAN-13 not starting with 0 is only itself', () => {
    expect(barcodeKeys('3017620422003')).toEqual(['3017620422003']);
  });

  it('an EAN-8, printed short or padded, gets all its widths', () => {
    expect(barcodeKeys('26053561')).toEqual(['26053561', '0000026053561', '000026053561']);
    expect(barcodeKeys('0000026053561')).toEqual(['0000026053561', '000026053561', '26053561']);
  });

  it("OFF's over-padded codes meet their scanned forms", () => {
    expect(barcodeKeys('00000101209159')).toEqual(['00000101209159', '0000101209159', '000101209159']);
    expect(barcodeKeys('0000101209159')).toContain('000101209159');
  });

  it('every printed form of one number shares the canonical key', () => {
    const forms = ['59800748452', '059800748452', '0059800748452', '00059800748452'];
    expect(new Set(forms.map(canonicalBarcode))).toEqual(new Set(['0059800748452']));
    for (const form of forms) expect(barcodeKeys(form)).toContain('0059800748452');
  });

  it('long or non-numeric codes are only themselves', () => {
    expect(barcodeKeys('231049210061200404002476')).toEqual(['231049210061200404002476']);
    expect(barcodeKeys('MANUAL_1700000000')).toEqual(['MANUAL_1700000000']);
    expect(canonicalBarcode('MANUAL_1700000000')).toBe('MANUAL_1700000000');
    expect(barcodeKeys(' ')).toEqual([]);
  });
});

describe('barcode streams', () => {
  it('are named by the canonical code, so every printed form of one number claims the same stream', () => {
    expect(streams.barcode('059800748452')).toBe('barcode-0059800748452');
    expect(streams.barcode('0059800748452')).toBe('barcode-0059800748452');
    expect(streams.barcode('26053561')).toBe(streams.barcode('0000026053561'));
    expect(streams.barcode('MANUAL_1')).toBe('barcode-MANUAL_1');
  });
});

describe('isValidGtin', () => {
  it('accepts EAN-13, UPC-A, EAN-8 and GTIN-14 codes whose check digit is right', () => {
    for (const code of ['3017620422003', '0059800748452', '059800748452', '96385074', '10012345678902'])
      expect(isValidGtin(code), code).toBe(true);
  });

  it('refuses a wrong check digit, other lengths, letters and all zeros', () => {
    for (const code of ['3017620422004', '30176204220', 'MANUAL_1700000000', '0000000000000', '123'])
      expect(isValidGtin(code), code).toBe(false);
  });
});
