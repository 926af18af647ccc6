import { describe, expect, it } from 'vitest';
import type { RebuildProgress } from '../engine/rebuild';
import { describeProgress, progressBar, progressReporter } from './progress';

const replaying: RebuildProgress = {
  projection: 'reviews',
  phase: 'replaying',
  processed: 25_000,
  total: 100_000,
  eventsPerSecond: 40_000,
  etaSeconds: 1.875,
};

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream };
}

describe('rebuild progress', () => {
  it('describes progress with percentage, rate and ETA', () => {
    expect(describeProgress(replaying)).toBe(
      'reviews:  25% 25,000/100,000 events, 40,000 events/s, ETA 00:02',
    );
    expect(describeProgress({ ...replaying, phase: 'done', processed: 100_000 })).toBe(
      'reviews: rebuilt, 100,000 events at 40,000 events/s',
    );
  });

  it('draws a bar filled in proportion', () => {
    expect(progressBar(replaying)).toMatch(/^\[#{8}-{22}\] reviews: {2}25%/);
  });

  it('redraws in place on a terminal and ends with a newline when done', () => {
    const { writes, stream } = fakeStream(true);
    const report = progressReporter(stream);
    report(replaying);
    report({ ...replaying, phase: 'done' });
    expect(writes[0]!.startsWith('\r\x1b[2K[')).toBe(true);
    expect(writes[1]!.endsWith('\n')).toBe(true);
  });

  it('prints plain lines, at most one a second plus phase changes, when not a terminal', () => {
    const { writes, stream } = fakeStream(false);
    const report = progressReporter(stream);
    report(replaying);
    report({ ...replaying, processed: 26_000 });
    report({ ...replaying, phase: 'swapping' });
    expect(writes).toHaveLength(2);
    expect(writes.every((w) => !w.includes('\r') && w.endsWith('\n'))).toBe(true);
  });
});
