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

/**
 * Where a statement starts, in any case and with or without the full stop before it (OCR drops
 * them): allergen advice, "may contain", "(not) suitable for", the factory and the trader, and
 * "contains" unless it opens the end of the list itself ("contains 2% or less of", "contains less
 * than 2% of", "contains two percent or less of", "contains one or more of"). Shared with the photo reader, which stops a label's
 * list at the same words.
 */
export const LABEL_STATEMENT_SOURCE = String.raw`\b(?:for\s+allergens|allerg(?:y|en|ens|ies)\b|may\s+(?:also\s+)?contain|(?:not\s+)?suitable\s+for|${FACILITY}|${TRADER}|contains?\b(?!\s*:?\s*(?:less\s+than|one\s+or\s+more|(?:two|three|four|five)\s+per|\d)))`;

const STATEMENT = new RegExp(LABEL_STATEMENT_SOURCE, 'gi');
const HAS_WORD = /[\p{L}\p{N}]/u;
const MAY_HAVE_STATEMENT =
  /allerg|contain|suitable|by\b|facility|factory|plant|site|premises|equipment|line/i;
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

/** The words of a footnote that explains a mark ("oats*, honey*. *Organic", "**Fairtrade certified"). */
const CLAIM_WORDS = new Set(
  `organic organically certified grown produced farmed farming agriculture agricultural ingredient
  ingredients from fair trade traded fairtrade sustainably sourced rainforest alliance non gmo and
  the of eu usda bio`.split(/\s+/),
);
const FOOTNOTE_SEPARATORS = /[\s.,:;=]+/;

/** The text without the footnotes that end it, each a mark and claim words. */
function withoutFootnotes(s: string): string {
  let end = s.length;
  for (let star = s.lastIndexOf('*', end - 1); star >= 0; star = s.lastIndexOf('*', end - 1)) {
    const claim = s
      .slice(star + 1, end)
      .split(FOOTNOTE_SEPARATORS)
      .filter(Boolean);
    if (claim.length === 0 || !claim.every((word) => CLAIM_WORDS.has(word))) break;
    end = star;
    while (end > 0 && s.charCodeAt(end - 1) === 42 /* * */) end--;
  }
  return end === s.length ? s : s.slice(0, end);
}

/**
 * The label without its statements: from a statement outside brackets to the end of the text,
 * or to an "Ingredients:" heading after it, and without the footnotes that end it. Inside
 * brackets "contains" describes an ingredient ("chocolate (contains milk)") and is kept.
 */
export function withoutLabelStatements(s: string): string {
  return withoutFootnotes(withoutSentences(s));
}

function withoutSentences(s: string): string {
  if (!MAY_HAVE_STATEMENT.test(s)) return s;
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
