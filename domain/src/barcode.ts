/**
 * Barcode lookup keys. Scanners and exports print one GTIN in several widths: an EAN-8 as 8
 * digits or zero-padded to 13, a UPC-A as 12 digits or as the EAN-13 `0` + UPC-A, OFF's export
 * sometimes with extra leading zeros. Every form of one number gets the same keys, so a lookup
 * by any printed form finds the product.
 */

/**
 * The longest code we keep: a user's barcode is refused beyond it, an import row skipped (GTINs
 * have at most 14 digits, OFF's longest codes about 24; stream names and keys stay small).
 */
export const MAX_BARCODE_LENGTH = 64;

/** The code as printed, trimmed; null when there is no usable barcode (empty, or all zeros). */
export function printedCode(raw: unknown): string | null {
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) return String(raw);
  if (typeof raw !== 'string') return null;
  const code = raw.trim();
  if (code === '' || /^0+$/.test(code)) return null;
  return code;
}

/**
 * `code` itself, then for an all-digit code of at most 13 significant digits: its EAN-13 form
 * (zero-padded to 13), its UPC-A form (12, when it fits) and its EAN-8 form (8, when it fits).
 * A longer or non-numeric code has only itself as key.
 */
export function barcodeKeys(code: string): string[] {
  const printed = code.trim();
  if (printed === '') return [];
  const keys = [printed];
  if (!/^\d+$/.test(printed)) return keys;
  const significant = printed.replace(/^0+/, '');
  if (significant === '' || significant.length > 13) return keys;
  for (const width of [13, 12, 8]) {
    if (significant.length > width) continue;
    const key = significant.padStart(width, '0');
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** One key for all printed forms of a number (its EAN-13 form), else the code itself. */
export function canonicalBarcode(code: string): string {
  const keys = barcodeKeys(code);
  return keys.find((key) => key.length === 13 && /^\d+$/.test(key)) ?? keys[0] ?? code.trim();
}

/**
 * A real GTIN: 8, 12, 13 or 14 digits whose last is the check digit of the others (weights 3 and
 * 1 alternating from the right). Codes a shop or a person made up fail it.
 */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code) || /^0+$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
