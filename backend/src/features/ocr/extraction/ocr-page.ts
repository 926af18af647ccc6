/** What the OCR engine read, reduced to what extraction needs. */
export interface OcrLine {
  text: string;
  /** Text size in pixels (tesseract's row height); 0 when the engine gave no layout. */
  height: number;
  /** Mean word confidence, 0-100. */
  confidence: number;
}

export interface OcrPage {
  text: string;
  lines: OcrLine[];
}

/** A page known only as text (no layout): every line fully trusted, sizes unknown. */
export function pageFromText(text: string): OcrPage {
  const lines = text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => ({ text: line, height: 0, confidence: 100 }));
  return { text, lines };
}

/** Pages read from bands of one photo, top to bottom, as one page. */
export function joinPages(pages: readonly OcrPage[]): OcrPage {
  return { text: pages.map((page) => page.text).join('\n'), lines: pages.flatMap((page) => page.lines) };
}
