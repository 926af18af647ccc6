/** Where progress goes: a terminal, where one line is redrawn in place, or a log. */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  /** The terminal's width: a longer line is cut to it, since a wrapped line cannot be redrawn. */
  columns?: number;
}

/** What an update shows: a line for a terminal and one for a log (plain text, or JSON). */
export interface ProgressLines {
  terminal: () => string;
  log: () => string;
}

/**
 * How an update is shown: `throttled` only once the output's interval has passed since the last
 * one shown, `now` at once (a phase change), `last` at once and ending the terminal's line.
 */
export type ProgressTiming = 'throttled' | 'now' | 'last';

export interface ProgressPrinterOptions {
  /** Least time between two throttled redraws on a terminal (default 0: every update). */
  terminalIntervalMs?: number;
  /** Least time between two throttled log lines (default 1 s). */
  logIntervalMs?: number;
  now?: () => number;
}

/** Clears the terminal's current line and goes back to its start. */
const REDRAW = '\r\x1b[2K';

/** `[#####-----]`: `fraction` (held to 0..1) of `width` cells filled. */
export function progressBar(fraction: number, width: number): string {
  const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

/** A duration as a clock: 01:05, 3:00:07; `--:--` when unknown. */
export function formatDuration(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const mmss = `${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

function fitted(line: string, columns: number | undefined): string {
  return columns && line.length > columns ? `${line.slice(0, Math.max(0, columns - 1))}…` : line;
}

/**
 * Shows the progress of a long job (a rebuild, an import) on `out`: on a terminal, one line redrawn
 * in place; elsewhere, one line per update shown, as logs read best.
 */
export function progressPrinter(out: ProgressOutput, options: ProgressPrinterOptions = {}) {
  const now = options.now ?? Date.now;
  const interval = out.isTTY ? (options.terminalIntervalMs ?? 0) : (options.logIntervalMs ?? 1000);
  let lastShownAt = -Infinity;
  let drawn = false;

  return {
    show(lines: ProgressLines, timing: ProgressTiming = 'throttled'): void {
      const at = now();
      if (timing === 'throttled' && at - lastShownAt < interval) return;
      lastShownAt = at;
      if (!out.isTTY) {
        out.write(`${lines.log()}\n`);
        return;
      }
      const last = timing === 'last';
      out.write(`${REDRAW}${fitted(lines.terminal(), out.columns)}${last ? '\n' : ''}`);
      drawn = !last;
    },

    /** Ends the line being redrawn, so what is printed next starts on a line of its own. */
    end(): void {
      if (drawn) out.write('\n');
      drawn = false;
    },
  };
}

export type ProgressPrinter = ReturnType<typeof progressPrinter>;
