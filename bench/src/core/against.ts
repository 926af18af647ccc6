import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support';
import { checkoutOf, describeCheckout, type Checkout } from './checkouts';
import { compareRounds, renderComparison } from './compare';
import type { BenchOptions } from './options';
import { machineDescription, type SectionResult } from './report';

/** One run of the bench in one checkout, as the comparison records it. */
interface AgainstRun {
  round: number;
  /** 'this checkout', or the ref as given. */
  side: string;
  checkout: string;
  startedAt: string;
  seconds: number;
  /** The machine's 1-minute load average as the run started and as it ended. */
  loadBefore: number;
  loadAfter: number;
  exitCode: number | null;
  results: SectionResult[];
}

const progress = (message: string) => process.stderr.write(`[against] ${message}\n`);
const load = () => Math.round(os.loadavg()[0]! * 10) / 10;

let running: ReturnType<typeof spawn> | undefined;

/** `npm run bench -- <args>` in `checkout` (its own bench, as that commit has it); its JSON report. */
async function runIn(checkout: Checkout, args: string[]): Promise<Omit<AgainstRun, 'round' | 'side'>> {
  const results = path.join(checkout.dir, 'bench', 'results', 'latest.json');
  const startedAt = new Date();
  const loadBefore = load();
  const child = spawn('npm', ['run', '-s', 'bench', '--', ...args], {
    cwd: checkout.dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running = child;
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
  running = undefined;
  const report = fs.existsSync(results)
    ? (JSON.parse(fs.readFileSync(results, 'utf8')) as { startedAt: string; results: SectionResult[] })
    : undefined;
  // A report older than this run is an earlier run's: this one wrote none.
  const fresh = report && Date.parse(report.startedAt) >= startedAt.getTime() - 1000;
  return {
    checkout: checkout.label,
    startedAt: startedAt.toISOString(),
    seconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    loadBefore,
    loadAfter: load(),
    exitCode,
    results: fresh ? report.results : [],
  };
}

/** The arguments of a run without the comparison's own (`--against`, `--rounds`). */
export function withoutAgainst(args: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--against' || arg === '--rounds') i++;
    else if (!arg.startsWith('--against=') && !arg.startsWith('--rounds=')) kept.push(arg);
  }
  return kept;
}

/**
 * `npm run bench -- <args> --against <ref>` (the flag repeated for more than one): the chosen
 * figures of this checkout and of each ref, run one after the other in turn (this one first,
 * `options.rounds` rounds: A B A B), each in a bench process of its own checkout, then printed
 * side by side with the medians' ratio. Exits non-zero when a speed figure of this checkout is
 * more than 10 % slower than a ref's, a target a ref met in every round is met in none of ours,
 * or a run failed.
 */
export async function runAgainst(args: string[], options: BenchOptions): Promise<number> {
  const sides = [
    { name: 'this checkout', checkout: describeCheckout(repoRoot) },
    ...options.against.map((ref) => ({ name: ref, checkout: checkoutOf(ref, progress) })),
  ];
  const label = (side: (typeof sides)[number]) => `${side.name} (${side.checkout.label})`;
  if (sides.slice(1).some((side) => side.checkout.dir === sides[0]!.checkout.dir))
    throw new Error('--against names this checkout itself');
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      running?.kill(signal);
      process.exitCode = 130;
    });
  const childArgs = withoutAgainst(args);
  const started = new Date();
  const runs: AgainstRun[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    for (const side of sides) {
      progress(`round ${round} of ${options.rounds}: ${label(side)}, load average ${load()}`);
      runs.push({ round, side: side.name, ...(await runIn(side.checkout, childArgs)) });
      if (process.exitCode === 130) return 130;
    }
  }
  const resultsOf = (name: string) => runs.filter((run) => run.side === name).map((run) => run.results);
  const comparisons = sides.slice(1).map((side) => ({
    against: side.name,
    ...compareRounds(resultsOf(sides[0]!.name), resultsOf(side.name)),
  }));
  const failedRuns = runs.filter((run) => run.exitCode !== 0 || run.results.some((section) => section.error));
  const report = [
    `${sides.map(label).join(' against ')}: ${options.rounds} round${options.rounds > 1 ? 's' : ''} alternated, \`${childArgs.join(' ') || '(all figures)'}\`, from ${started.toISOString().slice(0, 16)} UTC, ${os.cpus().length} cores.`,
    '',
    ...runs.map(
      (run) =>
        `- round ${run.round}, ${run.side} (${run.checkout}): ${run.startedAt.slice(11, 19)} UTC, ${run.seconds} s, load average ${run.loadBefore} → ${run.loadAfter}${run.exitCode === 0 ? '' : `, **exit ${run.exitCode}**`}`,
    ),
    ...comparisons.map(
      (comparison, i) =>
        `\n${renderComparison({ ours: label(sides[0]!), theirs: label(sides[i + 1]!) }, comparison)}`,
    ),
    ...failedRuns.map(
      (run) => `FAIL: round ${run.round} of ${run.side} did not complete (see its output above)`,
    ),
  ].join('\n');
  const json = { startedAt: started.toISOString(), finishedAt: new Date().toISOString(), args: childArgs };
  fs.writeFileSync(
    path.join(repoRoot, 'bench', 'results', 'latest.json'),
    `${JSON.stringify({ ...json, sides, machine: machineDescription(), runs, comparisons }, null, 2)}\n`,
  );
  await new Promise((resolve) => process.stdout.write(`${report}\n`, resolve));
  const failed =
    failedRuns.length > 0 ||
    comparisons.some((comparison) => comparison.lost.length > 0 || comparison.figures.some((f) => f.dropped));
  return failed ? 1 : 0;
}
