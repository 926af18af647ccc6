import { FNV_OFFSET, FNV_PRIME, HashTable, hashWord } from './text';

/**
 * Sentences that packs print after (sometimes before) the ingredient list and that are not
 * ingredients: allergen advice, "may contain" warnings and suitability claims. Pasted, OCR'd
 * and imported lists carry them alike ("…Rapeseed Oil. Allergens: contains Wheat. Not suitable
 * for those with a Milk allergy. Suitable for vegetarians."), and read as ingredients they become
 * clean chips and false dietary alerts.
 */

/** "Made in a factory that also handles nuts", "Packed on shared equipment". */
const FACILITY = String.raw`(?:made|produced|manufactured|packed|packaged|processed|prepared)\s+(?:in|on|at)\s+(?:a\s+|the\s+)?(?:same\s+|shared\s+)?(?:facility|factory|plant|site|premises|equipment|line)`;
/** Who sells it: "Distributed by: …", "Manufactured for …", "Certified organic by …". */
const TRADER = String.raw`(?:distributed\s+by|manufactured\s+(?:by|for)|packed\s+(?:by|for)|imported\s+by|certified\s+(?:organic\s+)?by)\b`;

/** The allergens a label must name (the 14 of Regulation 1169/2011, annex II), as UK and EU lists write them. */
const ALLERGEN = String.raw`(?:gluten|wheat|barley|rye|oats?|spelt|kamut|milk|lactose|eggs?|soya?|soybeans?|(?:tree\s+)?nuts?|peanuts?|almonds?|hazelnuts?|walnuts?|cashews?|pecans?|pistachios?|macadamias?|sesame(?:\s+seeds?)?|celery|mustard|lupin|fish|crustaceans?|molluscs?|sulphites|sulfites|sulphur\s+dioxide)`;
/**
 * An ingredient's own allergen note, the EU/UK layout of Regulation 1169/2011 (art. 21): "contains
 * <allergen>" straight after an ingredient's name (no full stop or colon between), with the list
 * going on after it, in that ingredient's brackets or after a comma with an ingredient that is no
 * allergen ("Wheatflour contains Gluten (With Wheatflour, …), Sugar"). A label statement starts
 * its own sentence ("… Rapeseed Oil. Contains Milk"), and "Palm Oil contains Milk, Soy" names only
 * allergens after it: both stay statements.
 */
const ALLERGEN_NOTE_TAIL = String.raw`\s+${ALLERGEN}\b(?=\s*\(|\s*,\s*(?!${ALLERGEN}\b)[a-z])`;
const AFTER_INGREDIENT = String.raw`(?<=[a-z0-9)\]\u00c0-\u024f]\s{1,3})`;
const ALLERGEN_NOTE = new RegExp(String.raw`${AFTER_INGREDIENT}(contains?${ALLERGEN_NOTE_TAIL})`, 'gi');

/**
 * "May contain" and allergen advice on labels in the other languages the analyser reads: "Peut
 * contenir des traces de…", "Traces éventuelles de…", "Kann Spuren von … enthalten", "Puede
 * contener…", "Può contenere tracce di…", "Kan sporen van … bevatten", "Allergene: …".
 */
const OTHER_LANGUAGE_STATEMENTS = [
  String.raw`peut\s+contenir|(?:contient\s+des\s+)?traces?\s+(?:éventuelles?\s+|possibles?\s+)?d[e'u]|allergènes`,
  String.raw`kann\s+(?:spuren|[^.;:]{1,80}?\senthalten)|enthält\s+spuren|spuren\s+von|allergiehinweis`,
  String.raw`puede\s+contener|(?:contiene\s+)?trazas\s+de|alérgenos`,
  String.raw`può\s+contenere|(?:contiene\s+|eventuali\s+)?tracce\s+di`,
  String.raw`kan\s+(?:sporen|[^.;:]{1,80}?\sbevatten)|bevat\s+sporen|sporen\s+van|allergie-?informatie`,
  // "Allergene", "allergeni", "allergenen".
  String.raw`allergen[ei]`,
].join('|');

/**
 * Where a statement starts, in any case and with or without the full stop before it (OCR drops
 * them): allergen advice, "may contain", "(not) suitable for", the factory and the trader, and
 * "contains" unless it opens the end of the list itself ("contains 2% or less of", "contains less
 * than 2% of", "contains two percent or less of", "contains one or more of") or is an
 * ingredient's allergen note; and the same advice in French, German, Spanish, Italian and Dutch.
 * Shared with the photo reader, which stops a label's list at the same words.
 */
export const LABEL_STATEMENT_SOURCE = String.raw`\b(?:for\s+allergens|allerg(?:y|en|ens|ies)\b|may\s+(?:also\s+)?contain|(?:not\s+)?suitable\s+for|${FACILITY}|${TRADER}|(?!${AFTER_INGREDIENT}contains?${ALLERGEN_NOTE_TAIL})contains?\b(?!\s*:?\s*(?:less\s+than|one\s+or\s+more|(?:two|three|four|five)\s+per|\d))|${OTHER_LANGUAGE_STATEMENTS})`;

const STATEMENT = new RegExp(LABEL_STATEMENT_SOURCE, 'gi');
const HAS_WORD = /[\p{L}\p{N}]/u;
const MAY_HAVE_NOTE = /contain/i;
/** A word every statement above holds (in any of the label languages): most lists have none. */
const MAY_HAVE_STATEMENT =
  /allerg|alérg|contain|suitable|by\b|facility|factory|plant|site|premises|equipment|line|peut|kann?\b|puede|può|trace|tracce|trazas|spuren|sporen/i;
/** A list that follows a statement ("Allergy advice: see bold. Ingredients: …") starts again. */
const INGREDIENTS_HEADING = /\bingredients?\s?:/gi;

/** How deep in brackets s[to] is, reading on from `depth` at s[from]. */
function depthAt(s: string, from: number, to: number, depth: number): number {
  let d = depth;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) d++;
    else if ((c === 41 || c === 93 || c === 125) && d > 0) d--;
  }
  return d;
}

/**
 * Claim words: a footnote that explains a mark ("oats*, honey*. *Organic", "**Fairtrade
 * certified") or an element of the list ("certified organic", "raw", "non-GMO") made only of
 * them names no ingredient.
 */
const CLAIM_WORDS = new Set(
  `organic organically certified grown produced farmed farming agriculture agricultural ingredient
  ingredients from fair trade traded fairtrade sustainably sourced rainforest alliance non gmo gm
  and the of eu usda bio raw pure natural naturally all 100 only`.split(/\s+/),
);
const FOOTNOTE_SEPARATORS = /[\s.,:;=%-]+/;
const WHITE_SPACE = /\s/;
const LONGEST_CLAIM_WORD = Math.max(...[...CLAIM_WORDS].map((word) => word.length));
const CLAIM_WORD_LIST = [...CLAIM_WORDS];
const CLAIM_WORDS_BY_HASH = new HashTable(new Map(CLAIM_WORD_LIST.map((word, i) => [hashWord(word), i])));

const PUNCTUATION_SEPARATORS = new Set([...'.,:;=%-'].map((char) => char.charCodeAt(0)));

/** Whether the char code is one of FOOTNOTE_SEPARATORS': white space or . , : ; = % -. */
function isSeparator(code: number): boolean {
  if (code >= 128) return WHITE_SPACE.test(String.fromCharCode(code));
  return code === 32 || (code >= 9 && code <= 13) || PUNCTUATION_SEPARATORS.has(code);
}

/**
 * Whether the first word of `text` is a claim word, read without a regular expression, a split or
 * a slice (it runs on most elements of every list): claim words are lower-case letters and digits,
 * so any other character ends the check, and the word is hashed as it is read.
 */
function startsWithClaimWord(text: string): boolean {
  let from = 0;
  while (from < text.length && isSeparator(text.charCodeAt(from))) from++;
  let to = from;
  let h = FNV_OFFSET;
  for (; to < text.length; to++) {
    const code = text.charCodeAt(to);
    if (!((code >= 97 && code <= 122) || (code >= 48 && code <= 57))) break;
    if (to - from >= LONGEST_CLAIM_WORD) return false;
    h = Math.imul(h ^ code, FNV_PRIME);
  }
  if (to === from || (to < text.length && !isSeparator(text.charCodeAt(to)))) return false;
  const claim = CLAIM_WORDS_BY_HASH.get(h);
  if (claim < 0) return false;
  const word = CLAIM_WORD_LIST[claim]!;
  return word.length === to - from && text.startsWith(word, from);
}

/** An element of the list made only of claim words: "certified organic", "raw", "100% pure", "non-GMO". */
export function isClaimOnly(text: string): boolean {
  // Most elements are ingredients: their first word settles it without splitting the rest.
  if (!startsWithClaimWord(text)) return false;
  const words = text.split(FOOTNOTE_SEPARATORS).filter(Boolean);
  return words.length > 0 && words.every((word) => CLAIM_WORDS.has(word));
}

/** The text without the footnotes that end it, each a mark and claim words. */
function withoutFootnotes(s: string): string {
  let end = s.length;
  for (let star = s.lastIndexOf('*', end - 1); star >= 0; star = s.lastIndexOf('*', end - 1)) {
    if (!isClaimOnly(s.slice(star + 1, end))) break;
    end = star;
    while (end > 0 && s.charCodeAt(end - 1) === 42 /* * */) end--;
  }
  return end === s.length ? s : s.slice(0, end);
}

/**
 * The label without its statements: from a statement outside brackets to the end of the text,
 * or to an "Ingredients:" heading after it, and without the footnotes that end it. Inside
 * brackets "contains" describes an ingredient ("chocolate (contains milk)") and is kept, and an
 * ingredient's allergen note is put in its brackets ("wheatflour (contains gluten) (with …)").
 */
export function withoutLabelStatements(s: string): string {
  // Only a text with a statement's words can hold an allergen note ("contains") or a statement.
  return withoutFootnotes(MAY_HAVE_STATEMENT.test(s) ? withoutSentences(withAllergenNotesBracketed(s)) : s);
}

function withAllergenNotesBracketed(s: string): string {
  return MAY_HAVE_NOTE.test(s) ? s.replace(ALLERGEN_NOTE, '($1)') : s;
}

function withoutSentences(s: string): string {
  let kept = '';
  let from = 0;
  let depth = 0;
  let scanned = 0;
  STATEMENT.lastIndex = 0;
  for (let match = STATEMENT.exec(s); match !== null; match = STATEMENT.exec(s)) {
    depth = depthAt(s, scanned, match.index, depth);
    scanned = match.index;
    if (depth > 0) continue;
    kept += s.slice(from, match.index);
    INGREDIENTS_HEADING.lastIndex = match.index;
    const heading = INGREDIENTS_HEADING.exec(s);
    // A label that opens with "Contains:" and nothing before it names its ingredients that way.
    if (heading === null) return HAS_WORD.test(kept) ? kept : s;
    kept += ', ';
    from = heading.index + heading[0].length;
    STATEMENT.lastIndex = from;
    depth = 0;
    scanned = from;
  }
  return kept + s.slice(from);
}
