import { describe, expect, it } from 'vitest';
import {
  emptyCounts,
  etaSeconds,
  formatProgressLine,
  formatSummary,
  ProgressReporter,
  progressJson,
  rowsPerSecond,
  summaryJson,
  totalSkipped,
  type ImportCounts,
  type ProgressSnapshot,
} from './progress';

function counts(): ImportCounts {
  const c = emptyCounts();
  c.rowsRead = 250_000;
  c.imported = 200_000;
  c.updated = 10_000;
  c.unchanged = 30_000;
  c.skipped['no barcode'] = 1_000;
  c.skipped['not food'] = 2_000;
  c.skipped['no name'] = 6_000;
  c.skipped.malformed = 1_000;
  return c;
}

const snapshot = (over: Partial<ProgressSnapshot> = {}): ProgressSnapshot => ({
  counts: counts(),
  elapsedMs: 10_000,
  bytesRead: 250,
  totalBytes: 1000,
  ...over,
});

describe('progress arithmetic', () => {
  it('rows/s from elapsed time, ETA from bytes read against the size', () => {
    expect(totalSkipped(counts())).toBe(10_000);
    expect(rowsPerSecond(snapshot())).toBe(25_000);
    expect(etaSeconds(snapshot())).toBe(30);
    expect(etaSeconds(snapshot({ totalBytes: null }))).toBeNull();
    expect(etaSeconds(snapshot({ bytesRead: 0 }))).toBeNull();
    expect(rowsPerSecond(snapshot({ elapsedMs: 0 }))).toBe(0);
  });
});

describe('progress lines', () => {
  it('a terminal line with bar, percentage, counts, pace and ETA', () => {
    expect(formatProgressLine(snapshot())).toBe(
      '[#####---------------]  25.0% 250,000 rows · 200,000 imported · 10,000 updated · 30,000 unchanged · 10,000 skipped · 25,000 rows/s · ETA 00:30',
    );
  });

  it('without a known size: no bar, elapsed time instead of ETA', () => {
    const line = formatProgressLine(snapshot({ totalBytes: null }));
    expect(line.startsWith('250,000 rows')).toBe(true);
    expect(line.endsWith('elapsed 00:10')).toBe(true);
  });

  it('a JSON line for logs', () => {
    expect(JSON.parse(progressJson(snapshot()))).toEqual({
      type: 'progress',
      rowsRead: 250_000,
      imported: 200_000,
      updated: 10_000,
      unchanged: 30_000,
      skipped: { 'no barcode': 1_000, 'not food': 2_000, 'no name': 6_000, malformed: 1_000 },
      skippedTotal: 10_000,
      rowsPerSecond: 25_000,
      elapsedSeconds: 10,
      bytesRead: 250,
      totalBytes: 1000,
      percent: 25,
      etaSeconds: 30,
    });
  });
});

describe('summary', () => {
  const summary = {
    ...snapshot(),
    source: 'export.csv.gz',
    format: 'csv' as const,
    state: 'completed' as const,
  };

  it('counts skipped rows by reason, with the attribution', () => {
    expect(formatSummary(summary)).toBe(
      [
        'Open Food Facts import completed: export.csv.gz (csv)',
        '  rows read   250,000 in 00:10 (25,000 rows/s)',
        '  imported    200,000',
        '  updated     10,000',
        '  unchanged   30,000',
        '  skipped     10,000',
        '    no barcode  1,000',
        '    not food    2,000',
        '    no name     6,000',
        '    malformed   1,000',
        'Data from Open Food Facts (https://world.openfoodfacts.org), ODbL 1.0.',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(summaryJson(summary))).toMatchObject({
      type: 'summary',
      state: 'completed',
      skipped: { 'no name': 6_000 },
      skippedTotal: 10_000,
    });
  });
});

describe('ProgressReporter', () => {
  function setup(isTTY: boolean, columns = 300) {
    const written: string[] = [];
    let now = 1_000;
    const c = emptyCounts();
    const reporter = new ProgressReporter(
      { write: (text: string) => written.push(text), isTTY, columns },
      () => ({ counts: c, bytesRead: c.rowsRead, totalBytes: 100 }),
      () => now,
      1000,
    );
    return { written, c, reporter, advance: (ms: number) => (now += ms) };
  }

  it('on a terminal: redraws one line at most once a second, then the text summary', () => {
    const { written, c, reporter, advance } = setup(true);
    c.rowsRead = 10;
    reporter.tick();
    advance(500);
    reporter.tick();
    advance(600);
    c.rowsRead = 50;
    reporter.tick();
    expect(written).toHaveLength(2);
    const redraw = '\r\x1b[2K';
    expect(written[1]!.startsWith(redraw)).toBe(true);
    expect(written[1]!.slice(redraw.length)).toMatch(/^\[#{10}-{10}\] {2}50\.0% 50 rows/);
    reporter.finish({ source: 'x.csv', format: 'csv', state: 'completed' });
    expect(written[2]).toBe('\n');
    expect(written[3]).toMatch(/^Open Food Facts import completed: x.csv/);
  });

  it("cuts the line to the terminal's width, since a wrapped line cannot be redrawn", () => {
    const { written, reporter } = setup(true, 40);
    reporter.tick();
    expect(written[0]!.replace('\r\x1b[2K', '')).toHaveLength(40);
  });

  it('otherwise: JSON lines, and a JSON summary', () => {
    const { written, c, reporter, advance } = setup(false);
    c.rowsRead = 20;
    advance(2000);
    reporter.tick();
    const summary = reporter.finish({ source: '-', format: 'jsonl', state: 'interrupted' });
    expect(written.map((line) => JSON.parse(line).type)).toEqual(['progress', 'summary']);
    expect(JSON.parse(written[0]!)).toMatchObject({
      rowsRead: 20,
      rowsPerSecond: 10,
      percent: 20,
      etaSeconds: 8,
    });
    expect(summary).toMatchObject({ state: 'interrupted', elapsedMs: 2000 });
  });
});
