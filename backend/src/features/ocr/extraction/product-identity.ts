import type { OcrLine } from './ocr-page';

export interface ProductIdentity {
  productName: string | null;
  brandName: string | null;
}

/** Pack titles are printed well above body size. */
const TITLE_SCALE = 1.25;
/** Lines of one title printed at the same size differ by less than this. */
const SAME_SIZE = 0.15;
const MIN_CONFIDENCE = 60;

const cleanTitle = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N})%.!]+$/gu, '')
    .trim();

interface Title {
  text: string;
  height: number;
}

/** Consecutive title lines of the same size are one title (a product name wrapped over two lines). */
function groupTitles(lines: readonly OcrLine[]): Title[] {
  const titles: Title[] = [];
  for (const line of lines) {
    const text = cleanTitle(line.text);
    const last = titles.at(-1);
    if (last && Math.abs(line.height - last.height) <= last.height * SAME_SIZE) {
      last.text = `${last.text} ${text}`;
    } else {
      titles.push({ text, height: line.height });
    }
  }
  return titles;
}

/**
 * Product name and brand from the lines above the ingredients: the largest title is the
 * product name, the next largest the brand. Without line sizes (or titles) both are null.
 */
export function productIdentity(above: readonly OcrLine[], bodyHeight: number): ProductIdentity {
  if (bodyHeight <= 0) return { productName: null, brandName: null };
  const candidates = above.filter(
    (line) =>
      line.height >= bodyHeight * TITLE_SCALE &&
      line.confidence >= MIN_CONFIDENCE &&
      (cleanTitle(line.text).match(/\p{L}/gu)?.length ?? 0) >= 2,
  );
  const [product, brand] = groupTitles(candidates).sort((a, b) => b.height - a.height);
  return { productName: product?.text ?? null, brandName: brand?.text ?? null };
}
