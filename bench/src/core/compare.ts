import type { SectionResult } from './report';

/**
 * How a figure reads: `higher` (a rate), `lower` (a latency), or null (a count, a size, a peer's
 * figure: shown nowhere in the comparison). Our own speed figures are rates ending in `PerSecond`
 * or `Rps` and latencies ending in `Ms`; the peers' figures measured beside them (`peer…`,
 * `emmett`, PostgreSQL's `copy…`) follow the machine, not the code.
 */
export function directionOf(key: string): 'higher' | 'lower' | null {
  if (/^(peer|emmett|copy|sideBySide)/.test(key)) return null;
  if (/(PerSecond|Rps)$/.test(key) || key === 'ours') return 'higher';
  if (/Ms$/.test(key)) return 'lower';
  return null;
}

/** The slowdown against the other checkout beyond which a figure is a defect. */
export const ALLOWED_DROP = 0.1;

export interface FigureComparison {
  section: string;
  measure: string;
  key: string;
  direction: 'higher' | 'lower';
  /** Each round's value, this checkout's and the other's. */
  ours: number[];
  theirs: number[];
  oursMedian: number;
  theirsMedian: number;
  /** How fast this checkout is against the other, medians: above 1 faster, below 1 slower. */
  speed: number;
  dropped: boolean;
}

/** A row's target met in every round of the other checkout and in none of this one's (a rule broken, say). */
export interface TargetLost {
  section: string;
  measure: string;
  target: string;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type Rounds = readonly SectionResult[][];

/** Every row of every round, by section and measure, in the order of the first round that has it. */
function rowsByMeasure(rounds: Rounds) {
  const rows = new Map<string, { section: string; measure: string; rows: SectionResult['rows'] }>();
  for (const round of rounds)
    for (const section of round)
      for (const row of section.rows) {
        const id = `${section.title}\n${row.measure}`;
        const entry = rows.get(id) ?? { section: section.title, measure: row.measure, rows: [] };
        entry.rows.push(row);
        rows.set(id, entry);
      }
  return rows;
}

/**
 * This checkout's rounds against the other's: each speed figure both have, with its median of
 * each side and the ratio, and whether it dropped by more than ALLOWED_DROP.
 */
export function compareRounds(
  ours: Rounds,
  theirs: Rounds,
): { figures: FigureComparison[]; lost: TargetLost[] } {
  const theirRows = rowsByMeasure(theirs);
  const figures: FigureComparison[] = [];
  const lost: TargetLost[] = [];
  for (const [id, mine] of rowsByMeasure(ours)) {
    const other = theirRows.get(id);
    if (!other) continue;
    const keys = new Set(mine.rows.flatMap((row) => Object.keys(row.values ?? {})));
    for (const key of keys) {
      const direction = directionOf(key);
      if (!direction) continue;
      const valuesOf = (rows: SectionResult['rows']) =>
        rows.map((row) => row.values?.[key]).filter((value): value is number => typeof value === 'number');
      const [a, b] = [valuesOf(mine.rows), valuesOf(other.rows)];
      if (a.length === 0 || b.length === 0) continue;
      const [oursMedian, theirsMedian] = [median(a), median(b)];
      const speed = direction === 'higher' ? oursMedian / theirsMedian : theirsMedian / oursMedian;
      figures.push({
        section: mine.section,
        measure: mine.measure,
        key,
        direction,
        ours: a,
        theirs: b,
        oursMedian,
        theirsMedian,
        speed,
        dropped: speed < 1 - ALLOWED_DROP,
      });
    }
    const target = mine.rows[0]?.target;
    if (target && other.rows.every((row) => row.met === true) && mine.rows.every((row) => row.met === false))
      lost.push({ section: mine.section, measure: mine.measure, target });
  }
  return { figures, lost };
}

const number = (value: number) =>
  Math.abs(value) >= 100
    ? value.toLocaleString('en-US', { maximumFractionDigits: 0 })
    : value.toLocaleString('en-US', { maximumSignificantDigits: 3 });
const escape = (text: string) => text.replaceAll('|', '\\|');

/** The comparison as a markdown table, then one line per failure. */
export function renderComparison(
  labels: { ours: string; theirs: string },
  { figures, lost }: ReturnType<typeof compareRounds>,
): string {
  const lines = [
    `| Figure | Measure | Value | ${escape(labels.ours)}: median (rounds) | ${escape(labels.theirs)}: median (rounds) | Speed, ours / theirs | |`,
    '|---|---|---|---|---|---|---|',
  ];
  let last: FigureComparison | undefined;
  for (const f of figures) {
    const side = (median: number, values: number[]) => `${number(median)} (${values.map(number).join(', ')})`;
    const section = f.section === last?.section ? '' : escape(f.section);
    const measure = section === '' && f.measure === last?.measure ? '' : escape(f.measure);
    lines.push(
      `| ${section} | ${measure} | ${f.key} (${f.direction} is better) | ${side(f.oursMedian, f.ours)} | ${side(f.theirsMedian, f.theirs)} | ${f.speed.toFixed(2)}× | ${f.dropped ? '**dropped**' : ''} |`,
    );
    last = f;
  }
  const failures = [
    ...figures
      .filter((f) => f.dropped)
      .map(
        (f) =>
          `FAIL: ${f.section}, ${f.measure}: ${f.key} ${Math.round((1 - f.speed) * 100)} % slower than ${labels.theirs} (median ${number(f.oursMedian)} against ${number(f.theirsMedian)}); more than ${ALLOWED_DROP * 100} % is a defect`,
      ),
    ...lost.map(
      (l) =>
        `FAIL: ${l.section}, ${l.measure}: "${l.target}" met by ${labels.theirs} in every round, by ours in none`,
    ),
  ];
  return `${lines.join('\n')}\n${failures.length > 0 ? `\n${failures.join('\n')}\n` : ''}`;
}
