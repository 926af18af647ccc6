/**
 * The last row of the edit-distance table of `a` against `b` (insertions, deletions,
 * substitutions), starting from `firstRow`; two rows of memory.
 */
function lastRow(a: string, b: string, firstRow: number[]): number[] {
  let previous = firstRow;
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
    }
    [previous, current] = [current, previous];
  }
  return previous;
}

/** Edit distance (insertions, deletions, substitutions), two rows of memory. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  return lastRow(
    a,
    b,
    Array.from({ length: b.length + 1 }, (_, j) => j),
  )[b.length]!;
}

/**
 * Edits between `a` and the closest substring of `b` (Sellers' approximate substring match: a
 * match may start and end anywhere in `b`, so row 0 is all zeros and the answer is the least of the last row).
 */
export function substringDistance(a: string, b: string): number {
  if (!a.length) return 0;
  return Math.min(...lastRow(a, b, new Array<number>(b.length + 1).fill(0)));
}
