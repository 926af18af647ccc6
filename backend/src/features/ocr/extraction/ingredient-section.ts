import { LABEL_STATEMENT_SOURCE } from '@labelwise/domain';
import { levenshtein } from './levenshtein';
import type { OcrLine } from './ocr-page';

export interface IngredientSection {
  /** Index of the line holding the "Ingredients" heading; -1 when the list had none. */
  headingLine: number;
  /** The list's lines as read, heading and whatever follows the list removed. */
  lines: OcrLine[];
}

/** "Ingredients" in the label languages OCR reads (ingrédients, ingredientes and ingredienti are near enough). */
const HEADING_WORDS = ['ingredients', 'ingredient', 'zutaten', 'ingrediënten'];
/** Lookalikes tesseract puts in "Ingredients" ("lngredients", "1ngredients", "INGREDIENT5"). */
const normaliseHeadingToken = (token: string) =>
  token
    .toLowerCase()
    .replace(/[l1|!]/g, 'i')
    .replace(/5/g, 's');

function isHeadingToken(token: string): boolean {
  if (token.length < 6 || token.length > 14) return false;
  const normalised = normaliseHeadingToken(token);
  // Two slips in a long word, one in a short one ("zutaten").
  return HEADING_WORDS.some((word) => levenshtein(normalised, word) <= (word.length >= 10 ? 2 : 1));
}

interface HeadingMatch {
  line: number;
  /** Where the list starts on the heading line. */
  offset: number;
  /** Followed by a colon, at the start of a line, or printed in capitals: surely the heading. */
  strong: boolean;
}

function findHeading(lines: readonly OcrLine[]): HeadingMatch | null {
  let weak: HeadingMatch | null = null;
  for (const [index, line] of lines.entries()) {
    for (const token of line.text.matchAll(/[\p{L}|1!5]+/gu)) {
      if (!isHeadingToken(token[0])) continue;
      const end = token.index + token[0].length;
      const strong =
        /^\s*[:;.]/.test(line.text.slice(end)) ||
        !line.text.slice(0, token.index).trim() ||
        token[0] === token[0].toUpperCase();
      const match = { line: index, offset: end, strong };
      if (strong) return match;
      weak ??= match;
    }
  }
  return weak;
}

/**
 * What else French, German, Spanish, Italian and Dutch labels (the label languages OCR reads) print
 * after the list: storage, the date, nutrition values and where it was made ("may contain" and
 * allergen advice are label statements, cut in every language).
 */
const OTHER_LANGUAGE_STOPS = [
  'conserver|à consommer|valeurs nutritionnelles|fabriqué',
  'lagern|kühl und trocken|mindestens haltbar|nährwerte|hergestellt',
  'conservar|consumir preferentemente|información nutricional|fabricado',
  'conservare|da consumarsi|valori nutrizionali|prodotto in',
  'bewaren|ten minste houdbaar|voedingswaarde|geproduceerd',
].join('|');

/**
 * What follows an ingredient list on real packs: the label's statements the analyser also cuts
 * off (allergen advice, "may contain", "suitable for"), then nutrition, storage and origin. A
 * marker counts only at the start of a line or a sentence and with a capital first letter, so
 * "(contain Celery)" inside the list is safe.
 */
const STOP_MARKER = new RegExp(
  `${LABEL_STATEMENT_SOURCE}|nutrition(?!al yeast)|typical values|storage|store (?:in|at|below)|keep refrigerated|once opened|best before|use by|produced in|manufactured|packed in|made in|net (?:weight|wt)|${OTHER_LANGUAGE_STOPS}`,
  'giu',
);

/** Where the first stop marker on this line begins, or -1. */
function stopOffset(text: string): number {
  for (const match of text.matchAll(STOP_MARKER)) {
    const before = text.slice(0, match.index).trimEnd();
    const atBoundary = before === '' || /[.!]$/.test(before);
    if (atBoundary && /^\p{Lu}/u.test(match[0])) return match.index;
  }
  return -1;
}

/** Lines from `start` (the first one beginning at `offset`) up to the first stop marker. */
function collectUntilStop(lines: readonly OcrLine[], start: number, offset: number): OcrLine[] {
  const collected: OcrLine[] = [];
  for (let index = start; index < lines.length; index++) {
    const line = lines[index]!;
    const text = index === start ? line.text.slice(offset).replace(/^[\s:;.,\-–—]+/, '') : line.text;
    const stop = stopOffset(text);
    const kept = stop === -1 ? text : text.slice(0, stop);
    if (kept.trim()) collected.push({ ...line, text: kept });
    if (stop !== -1) break;
  }
  return collected;
}

/** Titles far larger than the text around them are not part of a list that has no heading. */
function withoutTitles(lines: readonly OcrLine[]): OcrLine[] {
  const heights = lines
    .map((line) => line.height)
    .filter((height) => height > 0)
    .sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)];
  if (!median) return [...lines];
  const firstBodyLine = lines.findIndex((line) => line.height <= median * 1.25);
  return lines.slice(Math.max(firstBodyLine, 0));
}

/**
 * Finds the ingredient list: from the "Ingredients" heading (OCR-tolerant) to the first thing
 * packs print after it. Without a heading, a comma-separated block is taken as the list.
 */
export function findIngredientSection(lines: readonly OcrLine[]): IngredientSection | null {
  const heading = findHeading(lines);
  if (heading) {
    return { headingLine: heading.line, lines: collectUntilStop(lines, heading.line, heading.offset) };
  }
  const body = collectUntilStop(withoutTitles(lines), 0, 0);
  const commas = body.reduce((count, line) => count + (line.text.match(/,/g)?.length ?? 0), 0);
  return commas >= 2 ? { headingLine: -1, lines: body } : null;
}
