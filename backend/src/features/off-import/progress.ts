import {
  formatDuration,
  progressBar,
  progressPrinter,
  type ProgressOutput,
  type ProgressPrinter,
} from '@labelwise/runtime';
import { SKIP_REASONS, type SkipReason } from './map-record';

export type { ProgressOutput } from '@labelwise/runtime';

/** What an import run has done so far. */
export interface ImportCounts {
  rowsRead: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: Record<SkipReason, number>;
}

export function emptyCounts(): ImportCounts {
  return {
    rowsRead: 0,
    imported: 0,
    updated: 0,
    unchanged: 0,
    skipped: Object.fromEntries(SKIP_REASONS.map((reason) => [reason, 0])) as Record<SkipReason, number>,
  };
}

export function totalSkipped(counts: ImportCounts): number {
  return SKIP_REASONS.reduce((sum, reason) => sum + counts.skipped[reason], 0);
}

export interface ProgressSnapshot {
  counts: ImportCounts;
  elapsedMs: number;
  /** Stored bytes read (compressed when gzipped) and the source's size, when known. */
  bytesRead: number;
  totalBytes: number | null;
}

/** Rows per second since the start. */
export function rowsPerSecond({ counts, elapsedMs }: ProgressSnapshot): number {
  return elapsedMs > 0 ? (counts.rowsRead * 1000) / elapsedMs : 0;
}

/** Share of the source read, 0..1, when its size is known. */
export function fractionDone({ bytesRead, totalBytes }: ProgressSnapshot): number | null {
  if (!totalBytes || totalBytes <= 0) return null;
  return Math.min(1, Math.max(0, bytesRead / totalBytes));
}

/** Seconds left at the pace so far (bytes read against the size), when the size is known. */
export function etaSeconds(snapshot: ProgressSnapshot): number | null {
  const done = fractionDone(snapshot);
  if (done === null || done === 0 || snapshot.elapsedMs <= 0) return null;
  return ((snapshot.elapsedMs / 1000) * (1 - done)) / done;
}

const integer = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
export const formatCount = (n: number): string => integer.format(n);

/** One terminal line: bar and percentage (when the size is known), counts, pace, ETA. */
export function formatProgressLine(snapshot: ProgressSnapshot): string {
  const { counts } = snapshot;
  const done = fractionDone(snapshot);
  const eta = etaSeconds(snapshot);
  const parts = [
    `${formatCount(counts.rowsRead)} rows`,
    `${formatCount(counts.imported)} imported`,
    `${formatCount(counts.updated)} updated`,
    `${formatCount(counts.unchanged)} unchanged`,
    `${formatCount(totalSkipped(counts))} skipped`,
    `${formatCount(rowsPerSecond(snapshot))} rows/s`,
    eta === null ? `elapsed ${formatDuration(snapshot.elapsedMs / 1000)}` : `ETA ${formatDuration(eta)}`,
  ].join(' · ');
  return done === null ? parts : `${progressBar(done, 20)} ${(done * 100).toFixed(1).padStart(5)}% ${parts}`;
}

/** One JSON line of progress, for logs. */
export function progressJson(snapshot: ProgressSnapshot): string {
  const done = fractionDone(snapshot);
  const eta = etaSeconds(snapshot);
  return JSON.stringify({
    type: 'progress',
    ...snapshot.counts,
    skippedTotal: totalSkipped(snapshot.counts),
    rowsPerSecond: Math.round(rowsPerSecond(snapshot)),
    elapsedSeconds: Math.round(snapshot.elapsedMs / 100) / 10,
    bytesRead: snapshot.bytesRead,
    totalBytes: snapshot.totalBytes,
    percent: done === null ? null : Math.round(done * 1000) / 10,
    etaSeconds: eta === null ? null : Math.round(eta),
  });
}

export interface ImportSummary extends ProgressSnapshot {
  source: string;
  format: 'csv' | 'jsonl';
  state: 'completed' | 'failed' | 'interrupted';
  error?: string;
}

/** The closing report, for people. */
export function formatSummary(summary: ImportSummary): string {
  const { counts } = summary;
  const lines = [
    `Open Food Facts import ${summary.state}: ${summary.source} (${summary.format})`,
    `  rows read   ${formatCount(counts.rowsRead)} in ${formatDuration(summary.elapsedMs / 1000)} (${formatCount(rowsPerSecond(summary))} rows/s)`,
    `  imported    ${formatCount(counts.imported)}`,
    `  updated     ${formatCount(counts.updated)}`,
    `  unchanged   ${formatCount(counts.unchanged)}`,
    `  skipped     ${formatCount(totalSkipped(counts))}`,
    ...SKIP_REASONS.map((reason) => `    ${reason.padEnd(12)}${formatCount(counts.skipped[reason])}`),
  ];
  if (summary.error) lines.push(`  error: ${summary.error}`);
  lines.push('Data from Open Food Facts (https://world.openfoodfacts.org), ODbL 1.0.');
  return lines.join('\n') + '\n';
}

/** The closing report as one JSON line. */
export function summaryJson(summary: ImportSummary): string {
  return JSON.stringify({
    type: 'summary',
    source: summary.source,
    format: summary.format,
    state: summary.state,
    ...(summary.error ? { error: summary.error } : {}),
    ...summary.counts,
    skippedTotal: totalSkipped(summary.counts),
    elapsedSeconds: Math.round(summary.elapsedMs / 100) / 10,
    rowsPerSecond: Math.round(rowsPerSecond(summary)),
    attribution: 'Data from Open Food Facts (https://world.openfoodfacts.org), ODbL 1.0',
  });
}

/**
 * Prints progress at most every `intervalMs`: a bar redrawn in place on a terminal, a JSON line
 * otherwise; then the summary (text on a terminal, a JSON line otherwise).
 */
export class ProgressReporter {
  private readonly startedAt: number;
  private readonly printer: ProgressPrinter;

  constructor(
    private readonly out: ProgressOutput,
    private readonly read: () => { counts: ImportCounts; bytesRead: number; totalBytes: number | null },
    private readonly now: () => number = Date.now,
    intervalMs = 1000,
  ) {
    this.startedAt = now();
    this.printer = progressPrinter(out, { terminalIntervalMs: intervalMs, logIntervalMs: intervalMs, now });
  }

  snapshot(): ProgressSnapshot {
    return { ...this.read(), elapsedMs: this.now() - this.startedAt };
  }

  /** Call as often as you like: prints when the interval has passed (or when forced). */
  tick(force = false): void {
    this.printer.show(
      { terminal: () => formatProgressLine(this.snapshot()), log: () => progressJson(this.snapshot()) },
      force ? 'now' : 'throttled',
    );
  }

  finish(run: Pick<ImportSummary, 'source' | 'format' | 'state' | 'error'>): ImportSummary {
    const summary: ImportSummary = { ...this.snapshot(), ...run };
    if (this.out.isTTY) {
      this.printer.end();
      this.out.write(formatSummary(summary));
    } else {
      this.out.write(summaryJson(summary) + '\n');
    }
    return summary;
  }
}
