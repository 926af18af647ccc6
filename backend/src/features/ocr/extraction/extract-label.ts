import { withoutLabelStatements } from '@labelwise/domain';
import { repairENumbers } from './e-numbers';
import { findIngredientSection } from './ingredient-section';
import { joinLines } from './join-lines';
import type { OcrLine, OcrPage } from './ocr-page';
import { productIdentity } from './product-identity';

/** The image extraction response (its success part). */
export interface ExtractionResult {
  text: string;
  ingredients: string;
  brandName: string | null;
  productName: string | null;
}

export type Extraction = { readable: true; result: ExtractionResult } | { readable: false };

/** Below this (length-weighted mean line confidence) the list was guessed, not read. */
const MIN_LIST_CONFIDENCE = 55;
/** A page with fewer confidently read letters than this has no text worth extracting. */
const MIN_READABLE_LETTERS = 12;
const MIN_LINE_CONFIDENCE = 50;

function meanConfidence(lines: readonly OcrLine[]): number {
  const weight = lines.reduce((sum, line) => sum + line.text.length, 0);
  if (!weight) return 0;
  return lines.reduce((sum, line) => sum + line.confidence * line.text.length, 0) / weight;
}

/**
 * Body text size: the lower quartile of the list's row heights. Rows with descenders and
 * brackets are taller than plain ones, and a median lifts the bar a title has to clear.
 */
function bodyHeight(lines: readonly OcrLine[]): number {
  const heights = lines.map((line) => line.height).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 4)] ?? 0;
}

const readableLetters = (lines: readonly OcrLine[]) =>
  lines
    .filter((line) => line.confidence >= MIN_LINE_CONFIDENCE)
    .reduce((count, line) => count + (line.text.match(/\p{L}/gu)?.length ?? 0), 0);

/**
 * Turns what the OCR engine read into the extraction response: the ingredient list (E-numbers
 * repaired, hyphenated line breaks joined, the label's statements cut off as the analyser cuts
 * them), plus product name and brand when the layout shows them.
 * A page with no confident text, or whose list was read with low confidence, is unreadable.
 */
export function extractLabel(page: OcrPage): Extraction {
  if (readableLetters(page.lines) < MIN_READABLE_LETTERS) return { readable: false };
  const text = repairENumbers(page.text.trim());
  const section = findIngredientSection(page.lines);
  if (!section || !section.lines.length) {
    return { readable: true, result: { text, ingredients: '', productName: null, brandName: null } };
  }
  if (meanConfidence(section.lines) < MIN_LIST_CONFIDENCE) return { readable: false };
  const identity =
    section.headingLine > 0
      ? productIdentity(page.lines.slice(0, section.headingLine), bodyHeight(section.lines))
      : { productName: null, brandName: null };
  return {
    readable: true,
    result: {
      text,
      ingredients: withoutLabelStatements(
        repairENumbers(joinLines(section.lines.map((line) => line.text))),
      ).trim(),
      ...identity,
    },
  };
}
