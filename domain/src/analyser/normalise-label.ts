/**
 * Flattens the layout quirks of printed and OCR'd labels before they are read: case, line
 * breaks, percentages, "contains 2% (2 percent) or less of", "and/or", sub-indices written in
 * brackets ("E160a(ii)"), decoration. Each pass runs only when it can apply, and every pattern
 * is linear (no nested quantifiers; the look-behinds stop a long run of digits from being retried
 * at every position), so hostile input cannot make it backtrack.
 */

const HYPHENATED_LINE_BREAK = /(\p{L})-[ \t]*\r?\n[ \t]*(\p{L})/gu;
const SPACES = /\s+/g;
const LESS_THAN_CLAUSE =
  /(?:contains?\s?:?\s?)?(?:less than\s)?(?<![\d.,])\d+(?:[.,]\d+)?\s?(?:%|per\s?cent\b)\s?(?:or less\s)?of(?:\seach)?(?:\sof)?(?:\sthe following)?(?:\singredients)?\s?:?/g;
const PERCENTAGE = /(?:(?<![\d.,])\d+(?:[.,]\d+)?\s?(?:%|per\s?cent\b)|%)/g;
const HAS_PERCENTAGE = /%|per\s?cent\b/;
/** "e160a(ii)", "e 322 (i)" → "e160aii", "e 322i": the sub-index is part of the number. */
const BRACKETED_SUB_INDEX = /(?<![a-z])(e\s?-?\d{3,4}[a-z]?)\s?\((i{1,3}|iv|vi{0,3})\)/g;
const AND_OR = /\s?\band\s?\/\s?or\b\s?/g;
const DECORATION = /[*_®™†‡]/g;
const HAS_DECORATION = /[*_®™†‡]/;

export function normaliseLabel(text: string): string {
  let s = text.toLowerCase();
  if (s.includes('\n')) s = s.replace(HYPHENATED_LINE_BREAK, '$1$2');
  if (s.includes('  ') || s.includes('\n') || s.includes('\t') || s.includes('\r') || s.includes('\u00a0')) {
    s = s.replace(SPACES, ' ');
  }
  if (HAS_PERCENTAGE.test(s)) s = s.replace(LESS_THAN_CLAUSE, ', ').replace(PERCENTAGE, '');
  if (s.includes('(i')) s = s.replace(BRACKETED_SUB_INDEX, '$1$2');
  if (s.includes('/')) s = s.replace(AND_OR, ', ');
  if (HAS_DECORATION.test(s)) s = s.replace(DECORATION, '');
  return s;
}
