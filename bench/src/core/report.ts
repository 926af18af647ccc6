import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchOptions } from './options';

/** One line of the report: our figure and, measured in the same run, the peer it is compared to. */
export interface Row {
  /** What is measured, e.g. "16 writers, 10 events/command". */
  measure: string;
  ours: string;
  /** The peer and its figure, or '' when the figure stands alone. */
  peer: string;
  /** ours / peer (higher is better for Labelwise), when both are rates. */
  ratio?: number;
  target?: string;
  /** undefined: no target for this line (or it could not be judged). */
  met?: boolean;
  /** Raw numbers for the JSON report. */
  values?: Record<string, number | string>;
}

export interface SectionResult {
  id: string;
  title: string;
  seconds: number;
  rows: Row[];
  notes: string[];
  error?: string;
}

const escape = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const metMark = (met: boolean | undefined) => (met === undefined ? '' : met ? 'yes' : '**no**');

export function renderMarkdown(results: SectionResult[]): string {
  const lines = [
    '| Figure | Measure | Labelwise | Peer (same run) | Ratio | Target | Met |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const section of results) {
    const rows: Row[] = section.error
      ? [...section.rows, { measure: 'error', ours: `failed: ${section.error}`, peer: '' }]
      : section.rows;
    rows.forEach((row, i) => {
      const cells = [
        i === 0 ? section.title : '',
        row.measure,
        row.ours,
        row.peer,
        row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
        row.target ?? '',
        metMark(row.met),
      ];
      lines.push(`| ${cells.map(escape).join(' | ')} |`);
    });
  }
  const notes = results.flatMap((section) => section.notes.map((note) => `- ${section.title}: ${note}`));
  return notes.length > 0
    ? `${lines.join('\n')}\n\nNotes:\n\n${notes.join('\n')}\n`
    : `${lines.join('\n')}\n`;
}

export function machineDescription() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Writes the run as JSON: `latest.json`, and `full.json` for a complete full-size run. */
/** Prettier's layout when prettier is installed (the repository checks bench/ with it), else plain JSON. */
async function formatJson(value: unknown): Promise<string> {
  const json = `${JSON.stringify(value, null, 2)}\n`;
  try {
    const prettier = await import('prettier');
    return await prettier.format(json, { parser: 'json' });
  } catch {
    return json;
  }
}

export async function writeResults(
  dir: string,
  options: BenchOptions,
  results: SectionResult[],
  started: Date,
  sectionCount: number,
) {
  fs.mkdirSync(dir, { recursive: true });
  const report = {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    mode: options.quick ? 'quick' : 'full',
    seed: options.seed,
    events: options.events ?? null,
    sections: options.only.join(','),
    machine: machineDescription(),
    results,
  };
  const json = await formatJson(report);
  const files = [path.join(dir, 'latest.json')];
  const complete =
    !options.quick && !options.events && results.length === sectionCount && results.every((r) => !r.error);
  if (complete) files.push(path.join(dir, 'full.json'));
  for (const file of files) fs.writeFileSync(file, json);
  return files;
}
