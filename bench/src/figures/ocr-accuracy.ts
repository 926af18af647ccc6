import { substringDistance } from '@labelwise/backend/ocr';

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Character accuracy of `expected` as read somewhere in `text`: 1 - (edits between it and the
 * closest substring of the text) / its length (Sellers' approximate substring match). Judges
 * what the engine read, whatever extraction later makes of it.
 */
export function readAccuracy(expected: string, text: string): number {
  const a = normalise(expected);
  const b = normalise(text);
  if (!a.length) return 1;
  return Math.max(0, 1 - substringDistance(a, b) / a.length);
}
