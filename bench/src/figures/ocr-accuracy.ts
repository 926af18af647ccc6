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
  // previous[j]: edits to match a[0..i) ending at b[j); a match may start anywhere (row 0 is all zeros).
  let previous = new Array<number>(b.length + 1).fill(0);
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
    }
    [previous, current] = [current, previous];
  }
  return Math.max(0, 1 - Math.min(...previous) / a.length);
}
