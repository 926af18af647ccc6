import { formatDuration, progressBar as bar, progressPrinter, type ProgressOutput } from '@labelwise/runtime';
import type { RebuildProgress } from '../engine/rebuild';

const BAR_WIDTH = 30;
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function describeProgress(p: RebuildProgress): string {
  const rate = `${number.format(p.eventsPerSecond)} events/s`;
  if (p.phase === 'swapping')
    return `${p.projection}: swapping in (${number.format(p.processed)} events replayed)`;
  if (p.phase === 'done') return `${p.projection}: rebuilt, ${number.format(p.processed)} events at ${rate}`;
  const percent = p.total > 0 ? Math.min(100, (100 * p.processed) / p.total) : 100;
  return `${p.projection}: ${percent.toFixed(0).padStart(3)}% ${number.format(p.processed)}/${number.format(p.total)} events, ${rate}, ETA ${formatDuration(p.etaSeconds)}`;
}

export function progressBar(p: RebuildProgress): string {
  const fraction = p.phase === 'replaying' ? (p.total > 0 ? p.processed / p.total : 1) : 1;
  return `${bar(fraction, BAR_WIDTH)} ${describeProgress(p)}`;
}

/**
 * Reports rebuild progress: a bar redrawn in place on a terminal, otherwise plain lines
 * (at most one a second, plus every phase change) that read well in logs.
 */
export function progressReporter(out: ProgressOutput): (p: RebuildProgress) => void {
  const printer = progressPrinter(out);
  let lastPhase: RebuildProgress['phase'] | undefined;
  return (p) => {
    const timing = p.phase === 'done' ? 'last' : p.phase !== lastPhase ? 'now' : 'throttled';
    lastPhase = p.phase;
    printer.show({ terminal: () => progressBar(p), log: () => describeProgress(p) }, timing);
  };
}
