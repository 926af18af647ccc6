/** Characters tesseract reads in place of digits inside E-numbers. */
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  '!': '1',
  Z: '2',
  S: '5',
  T: '7',
  B: '8',
};

/**
 * `E` (or a misread `€` or `£`), an optional space or hyphen, then 3-4 digits or lookalikes and an
 * optional suffix letter (E150d, E472e). At least one real digit keeps words like "Eloi" safe.
 */
const E_NUMBER_LIKE = /(?<![\p{L}\p{N}])([E€£])([\s-]?)([0-9OoDQIli|!ZSTB]{3,4})([a-h]?)(?![\p{L}\p{N}])/gu;

/** Repairs the common OCR confusions inside E-numbers: E47l → E471, EI02 → E102, E33O → E330. */
export function repairENumbers(text: string): string {
  return text.replace(
    E_NUMBER_LIKE,
    (match, _e: string, separator: string, digits: string, suffix: string) => {
      if (!/\d/.test(digits)) return match;
      const repaired = [...digits].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('');
      return `E${separator}${repaired}${suffix}`;
    },
  );
}
