/** Prefixes that keep their hyphen when a line breaks after them ("semi-skimmed", "free-range"). */
const HYPHENATED_PREFIXES = new Set([
  'semi',
  'non',
  'part',
  'low',
  'high',
  'sun',
  'freeze',
  'spray',
  'free',
  'stone',
  'half',
  'reduced',
  'fat',
]);
/** "mono- and diglycerides": a hyphen before a conjunction is a suspended compound, not a break. */
const CONJUNCTIONS = new Set(['and', 'or', '&']);

function joinPair(left: string, right: string): string {
  const hyphenated = /([\p{L}]+)[-‐‑]$/u.exec(left);
  if (!hyphenated) return `${left} ${right}`;
  const nextWord = /^\S+/.exec(right)?.[0] ?? '';
  if (CONJUNCTIONS.has(nextWord.toLowerCase())) return `${left} ${right}`;
  const prefix = hyphenated[1]!.toLowerCase();
  if (!/^\p{Ll}/u.test(right) || HYPHENATED_PREFIXES.has(prefix)) return `${left.slice(0, -1)}-${right}`;
  return `${left.slice(0, -1)}${right}`;
}

/** Joins wrapped lines into one text: a word broken with a hyphen at a line end is made whole again. */
export function joinLines(lines: readonly string[]): string {
  let joined = '';
  for (const raw of lines) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    joined = joined ? joinPair(joined, line) : line;
  }
  return joined;
}
