import { withoutLabelStatements } from './label-statements';

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
/** "5% acidity", "(diluted with water to 5% acidity)": a vinegar's strength, not an ingredient. */
const ACIDITY =
  /(?:(?:diluted|reduced|adjusted) with water to\s?)?(?<![\d.,])\d+(?:[.,]\d+)?\s?(?:%|per\s?cent\b)\s?acid(?:ic|ity)?\b/g;
const PERCENTAGE = /(?:(?<![\d.,])\d+(?:[.,]\d+)?\s?(?:%|per\s?cent\b)|%)/g;
const HAS_PERCENTAGE = /%|per\s?cent\b/;
/** "corn (53%) sugar": a bracketed percentage closes the ingredient it follows when the comma is missing. */
const PERCENTAGE_BEFORE_WORD = /\(\s?(?<![\d.,])\d+(?:[.,]\d+)?\s?%\s?\)(?=\s?\p{L})/gu;
/** "e160a(ii)", "e 322 (i)" → "e160aii", "e 322i": the sub-index is part of the number. */
const BRACKETED_SUB_INDEX = /(?<![a-z])(e\s?-?\d{3,4}[a-z]?)\s?\((i{1,3}|iv|vi{0,3})\)/g;
const AND_OR = /\s?\band\s?\/\s?or\b\s?/g;
const DECORATION = /[*_®™†‡]/g;
const HAS_DECORATION = /[*_®™†‡]/;

/** Entities found in Open Food Facts and OCR text; numeric ones are decoded generically. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  nbsp: ' ',
  shy: '',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  bull: '•',
  deg: '°',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  agrave: 'à',
  acirc: 'â',
  ccedil: 'ç',
  ocirc: 'ô',
  ucirc: 'û',
  icirc: 'î',
  iuml: 'ï',
  euml: 'ë',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  szlig: 'ß',
  ntilde: 'ñ',
  oelig: 'œ',
  reg: '®',
  trade: '™',
};
const ENTITY = /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi;
/** Tags that separate words (line breaks, blocks) and every other tag (inline marks). */
const BLOCK_TAG = /<\/?(?:br|p|div|li|ul|ol|tr|td|h[1-6])\b[^<>]{0,300}>/gi;
const TAG = /<\/?[a-z][a-z0-9]{0,20}\b[^<>]{0,300}>/gi;
/** "_lait_", "__milk__": Open Food Facts' allergen marks. */
const ALLERGEN_MARK = /_+/g;

function decodeEntity(whole: string, body: string): string {
  if (body.charCodeAt(0) !== 35 /* # */) return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  const code =
    body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : ' ';
}

/**
 * Ingredient text as a reader sees it: HTML tags (`<span class="allergen">milk</span>`),
 * entities (`&quot;`, `&amp;`, `&#233;`, also encoded twice) and `_allergen_` marks, as Open
 * Food Facts exports and OCR output carry them, become plain text. Case and layout are kept.
 */
export function plainIngredientText(text: string): string {
  let s = text;
  for (let pass = 0; pass < 2 && s.includes('&'); pass++) s = s.replace(ENTITY, decodeEntity);
  if (s.includes('<')) s = s.replace(BLOCK_TAG, ' ').replace(TAG, '');
  if (s.includes('_')) s = s.replace(ALLERGEN_MARK, '');
  return s;
}

/** The ingredient list as the reader reads it: plain, lower case, one line, statements cut off. */
export function normaliseLabel(text: string): string {
  let s = plainIngredientText(text).toLowerCase();
  if (s.includes('\n')) s = s.replace(HYPHENATED_LINE_BREAK, '$1$2');
  if (s.includes('  ') || s.includes('\n') || s.includes('\t') || s.includes('\r') || s.includes('\u00a0')) {
    s = s.replace(SPACES, ' ');
  }
  s = withoutLabelStatements(s);
  if (HAS_PERCENTAGE.test(s)) {
    if (s.includes('acid')) s = s.replace(ACIDITY, '');
    s = s.replace(PERCENTAGE_BEFORE_WORD, ',').replace(LESS_THAN_CLAUSE, ', ').replace(PERCENTAGE, '');
  }
  if (s.includes('(i')) s = s.replace(BRACKETED_SUB_INDEX, '$1$2');
  if (s.includes('/')) s = s.replace(AND_OR, ', ');
  if (HAS_DECORATION.test(s)) s = s.replace(DECORATION, '');
  return s;
}
