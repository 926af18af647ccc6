export const SECTION_IDS = [
  'analyser',
  'appends',
  'projections',
  'lag',
  'api',
  'scans',
  'ocr',
  'bundle',
  'delivery',
  'import',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** What a run without `--only` measures: the OFF import (millions of rows) runs only when asked for. */
export const DEFAULT_SECTION_IDS: readonly SectionId[] = SECTION_IDS.filter((id) => id !== 'import');

export interface BenchOptions {
  /** A small version of every figure (under two minutes in all): a smoke test, not a measurement. */
  quick: boolean;
  /** CPU profiles of the API processes and pg_stat_statements, summarised in the scan figure's notes. */
  profile: boolean;
  /** The sections to run, in report order. */
  only: SectionId[];
  /** Seed of every generated data set. */
  seed: number;
  /** Size of the generated history, when not the mode's default. */
  events?: number;
  /** Rows of the generated Open Food Facts export the import figure imports, when not the mode's default. */
  offRows?: number;
  /** The generated OFF export with an English list in every row, not the export's own mix. */
  offAllEnglish: boolean;
  /** Signed-in users of the scan journey, when not the mode's default. */
  users?: number;
  /** Scan journeys started per second in the scan figure's paced run, when not the default 300. */
  scanRate?: number;
  /** The scan journey's topologies (API processes × workers, and a read replica or not), when not the default. */
  topologies?: Array<{ apiProcesses: number; workers: number; replica: boolean }>;
  /** Run the figures here and in these checkouts (folders) or commits too, alternated, and compare. */
  against: string[];
  /** Runs of each side with `against`. */
  rounds: number;
}

export const USAGE = `Usage: npm run bench -- [--quick] [--only ${SECTION_IDS.join(',')}] [--seed N] [--events N] [--off-rows N] [--off-all-english] [--users N] [--scan-rate N] [--topologies 1x1,2x2,1x1+replica] [--profile] [--against REF... [--rounds N]]

  --quick        small sizes: a smoke test that runs in under two minutes
  --only a,b     run only these sections (default: all but import, in the order above)
  --seed N       seed of the generated data (default 20261123)
  --events N     size of the generated history (default 1,000,000; 30,000 with --quick)
  --off-rows N   rows of the generated OFF export for import (default 3,000,000; 20,000 with --quick;
                 also BENCH_OFF_ROWS)
  --off-all-english  every generated OFF row with an English ingredient list (the analyser's
                 worst case) instead of the proportions of OFF's export sample
  --users N      signed-in users of the scan journey (default 1,000; 100 with --quick)
  --scan-rate N  scan journeys started per second in the scan journey's paced run (default 300):
                 a rate both sides of --against keep up with compares their latency, where 300/s
                 on a slow machine only compares how fast their queues grow
  --topologies 1x1,2x2,1x1+replica  the scan journey's API processes × projection workers,
                 +replica: the API reads from a streaming replica (default all three)
  --profile      CPU profiles of the scan journey's API and of the importer
                 (bench/results/profiles/) and pg_stat_statements, the top functions and
                 statements in the notes
  --against REF  the same figures of this checkout and of REF (a commit, branch or tag, checked
                 out with npm ci under the temporary folder once; or another checkout's folder),
                 run in turn, this one first; prints each speed figure's medians side by side and
                 fails (exit 1) when one of ours is more than 10 % slower; repeat it to run
                 several refs in turn (A B C A B C)
  --rounds N     runs of each side with --against (default 2)

Prints a markdown table to stdout and writes JSON to bench/results/; progress goes to stderr.`;

export class UsageError extends Error {}

const isSectionId = (value: string): value is SectionId => (SECTION_IDS as readonly string[]).includes(value);

export function parseOptions(args: string[]): BenchOptions {
  const options: BenchOptions = {
    quick: false,
    profile: false,
    offAllEnglish: false,
    only: [...DEFAULT_SECTION_IDS],
    seed: 20261123,
    against: [],
    rounds: 2,
  };
  if (process.env.BENCH_OFF_ROWS)
    options.offRows = atLeast('BENCH_OFF_ROWS', process.env.BENCH_OFF_ROWS, 1000);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const next = inline ?? args[++i];
      if (next === undefined) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--quick':
        options.quick = true;
        break;
      case '--profile':
        options.profile = true;
        break;
      case '--only': {
        const wanted = value()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const unknown = wanted.filter((id) => !isSectionId(id));
        if (unknown.length > 0 || wanted.length === 0) {
          throw new UsageError(
            `--only: unknown section(s) ${unknown.join(', ') || '(none)'}; known: ${SECTION_IDS.join(', ')}`,
          );
        }
        options.only = SECTION_IDS.filter((id) => wanted.includes(id));
        break;
      }
      case '--seed': {
        const seed = Number(value());
        if (!Number.isInteger(seed)) throw new UsageError('--seed needs an integer');
        options.seed = seed;
        break;
      }
      case '--events':
        options.events = atLeast('--events', value(), 1000);
        break;
      case '--off-all-english':
        options.offAllEnglish = true;
        break;
      case '--off-rows':
        options.offRows = atLeast('--off-rows', value(), 1000);
        break;
      case '--users':
        options.users = atLeast('--users', value(), 10);
        break;
      case '--scan-rate':
        options.scanRate = atLeast('--scan-rate', value(), 1);
        break;
      case '--topologies':
        options.topologies = topologies(value());
        break;
      case '--against':
        options.against.push(value());
        break;
      case '--rounds':
        options.rounds = atLeast('--rounds', value(), 1);
        break;
      default:
        throw new UsageError(`Unknown option ${arg}`);
    }
  }
  return options;
}

/** `text` as an integer of at least `least`, for `flag`. */
function atLeast(flag: string, text: string, least: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < least)
    throw new UsageError(`${flag} needs an integer of at least ${least}`);
  return value;
}

function topologies(text: string): Array<{ apiProcesses: number; workers: number; replica: boolean }> {
  return text.split(',').map((part) => {
    const match = /^([1-8])x([1-8])(\+replica)?$/.exec(part.trim());
    if (!match)
      throw new UsageError(
        `--topologies: ${part} is not APIxWORKERS or APIxWORKERS+replica, such as 1x1, 2x2 or 1x1+replica`,
      );
    return { apiProcesses: Number(match[1]), workers: Number(match[2]), replica: match[3] !== undefined };
  });
}
