import { describe, expect, it } from 'vitest';
import { formatDuration, progressBar, progressPrinter, type ProgressOutput } from './terminal-progress';

function output(isTTY: boolean, columns?: number) {
  const writes: string[] = [];
  const out: ProgressOutput = { isTTY, columns, write: (text: string) => writes.push(text) };
  return { writes, out };
}

const lines = (text: string) => ({ terminal: () => `T ${text}`, log: () => `L ${text}` });

describe('formatDuration', () => {
  it('shows mm:ss, h:mm:ss, and a placeholder when unknown', () => {
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(3 * 3600 + 7)).toBe('3:00:07');
    expect(formatDuration(undefined)).toBe('--:--');
    expect(formatDuration(Infinity)).toBe('--:--');
  });
});

describe('progressBar', () => {
  it('fills its width in proportion, held to 0..1', () => {
    expect(progressBar(0.25, 8)).toBe('[##------]');
    expect(progressBar(1.5, 4)).toBe('[####]');
    expect(progressBar(-1, 4)).toBe('[----]');
  });
});

describe('progressPrinter', () => {
  it('redraws one line in place on a terminal, cut to its width, and ends it', () => {
    const { writes, out } = output(true, 8);
    const printer = progressPrinter(out);
    printer.show(lines('one'));
    printer.show(lines('a long line'));
    printer.end();
    printer.end();
    expect(writes).toEqual(['\r\x1b[2KT one', '\r\x1b[2KT a lon…', '\n']);
  });

  it('ends the line with the last update', () => {
    const { writes, out } = output(true);
    const printer = progressPrinter(out);
    printer.show(lines('done'), 'last');
    printer.end();
    expect(writes).toEqual(['\r\x1b[2KT done\n']);
  });

  it('writes log lines at most once per interval, unless told to show one now', () => {
    let now = 0;
    const { writes, out } = output(false);
    const printer = progressPrinter(out, { logIntervalMs: 1000, now: () => now });
    printer.show(lines('1'));
    now = 999;
    printer.show(lines('2'));
    printer.show(lines('3'), 'now');
    now = 1999;
    printer.show(lines('4'));
    printer.end();
    expect(writes).toEqual(['L 1\n', 'L 3\n', 'L 4\n']);
  });

  it('throttles terminal redraws by their own interval', () => {
    let now = 0;
    const { writes, out } = output(true);
    const printer = progressPrinter(out, { terminalIntervalMs: 100, now: () => now });
    printer.show(lines('1'));
    now = 50;
    printer.show(lines('2'));
    now = 100;
    printer.show(lines('3'));
    expect(writes).toEqual(['\r\x1b[2KT 1', '\r\x1b[2KT 3']);
  });
});
