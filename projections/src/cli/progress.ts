import type { RebuildProgress } from '../engine/rebuild';
import { formatDuration } from './format-table';

const BAR_WIDTH = 30;
const PLAIN_INTERVAL_MS = 1000;
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
  const fraction = p.phase === 'replaying' ? (p.total > 0 ? Math.min(1, p.processed / p.total) : 1) : 1;
  const filled = Math.round(fraction * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${describeProgress(p)}`;
}

/**
 * Reports rebuild progress: a bar redrawn in place on a terminal, otherwise plain lines
 * (at most one a second, plus every phase change) that read well in logs.
 */
export function progressReporter(out: NodeJS.WriteStream): (p: RebuildProgress) => void {
  let lastPlain = 0;
  let lastPhase: RebuildProgress['phase'] | undefined;
  return (p) => {
    const phaseChanged = p.phase !== lastPhase;
    lastPhase = p.phase;
    if (out.isTTY) {
      out.write(`\r\x1b[2K${progressBar(p)}${p.phase === 'done' ? '\n' : ''}`);
      return;
    }
    const now = Date.now();
    if (!phaseChanged && now - lastPlain < PLAIN_INTERVAL_MS) return;
    lastPlain = now;
    out.write(`${describeProgress(p)}\n`);
  };
}
