import { DEFAULT_MAX_LINE_BYTES, splitLines, type SourceLine } from './line-splitter';
import {
  NotAnExportError,
  openSource,
  type OpenedSource,
  type OpenSourceOptions,
  type SourceFormat,
} from './open-source';

/** A JSON object as JSONL carries it. */
export type JsonObject = { [key: string]: unknown };

/** One raw OFF record, a malformed line (counted, never fatal), nothing else. */
export type RawRecord =
  | { kind: 'csv'; line: number; fields: Record<string, string> }
  | { kind: 'jsonl'; line: number; doc: JsonObject }
  | { kind: 'malformed'; format: SourceFormat; line: number; reason: string };

export interface CsvReadOptions {
  /**
   * Keep only these columns (the mapper's `OFF_CSV_COLUMNS`): fewer properties per row, a
   * faster import. All columns when absent.
   */
  columns?: readonly string[];
}

/** A source that ends without a single row (blank lines, a CSV header alone) would "import" nothing. */
const noRows = (what: string) => new NotAnExportError(`${what} and no rows`);

/**
 * OFF's CSV export: a tab-separated header row, then one product a line. It is not quoted: the
 * exporter turns every control character in a value (tabs, CR, LF, other C0 codes, U+2028/9)
 * into a space, so a row is a line and a tab always separates fields. A row whose field count
 * differs from the header's is malformed. Blank lines are ignored; a source without a row after
 * its header is refused (`NotAnExportError`) when it ends.
 */
export async function* readCsvRecords(
  lines: AsyncIterable<SourceLine>,
  options: CsvReadOptions = {},
): AsyncGenerator<RawRecord> {
  let header: string[] | null = null;
  let picks: { name: string; index: number }[] = [];
  let rows = 0;
  for await (const item of lines) {
    if (item.kind === 'line' && item.text.trim() === '') continue;
    if (item.kind === 'too-long') {
      rows++;
      yield { kind: 'malformed', format: 'csv', line: item.line, reason: `line of ${item.bytes} bytes` };
      continue;
    }
    const values = item.text.split('\t');
    if (header === null) {
      header = values.map((name) => name.trim());
      if (!header.includes('code')) throw new NotAnExportError('A CSV header without a `code` column');
      const wanted = options.columns ? new Set(options.columns) : null;
      picks = header.flatMap((name, index) => (!wanted || wanted.has(name) ? [{ name, index }] : []));
      continue;
    }
    rows++;
    if (values.length !== header.length) {
      yield {
        kind: 'malformed',
        format: 'csv',
        line: item.line,
        reason: `${values.length} fields where the header has ${header.length}`,
      };
      continue;
    }
    const fields: Record<string, string> = {};
    for (const { name, index } of picks) fields[name] = values[index] as string;
    yield { kind: 'csv', line: item.line, fields };
  }
  if (rows === 0) throw noRows(header ? 'A CSV header' : 'Blank lines');
}

/**
 * OFF's JSONL export and delta files: one product document a line. Blank lines are ignored; a
 * source of blank lines alone is refused (`NotAnExportError`) when it ends.
 */
export async function* readJsonlRecords(lines: AsyncIterable<SourceLine>): AsyncGenerator<RawRecord> {
  let rows = 0;
  for await (const item of lines) {
    if (item.kind === 'line' && item.text.trim() === '') continue;
    rows++;
    if (item.kind === 'too-long') {
      yield { kind: 'malformed', format: 'jsonl', line: item.line, reason: `line of ${item.bytes} bytes` };
      continue;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(item.text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'invalid JSON';
      yield { kind: 'malformed', format: 'jsonl', line: item.line, reason: `invalid JSON: ${reason}` };
      continue;
    }
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
      yield { kind: 'malformed', format: 'jsonl', line: item.line, reason: 'not a JSON object' };
      continue;
    }
    yield { kind: 'jsonl', line: item.line, doc: doc as JsonObject };
  }
  if (rows === 0) throw noRows('Blank lines');
}

export interface ReadOptions extends OpenSourceOptions, CsvReadOptions {
  maxLineBytes?: number;
}

/** The records of an opened source, in its format. */
export function recordsOf(source: OpenedSource, options: ReadOptions = {}): AsyncGenerator<RawRecord> {
  const lines = splitLines(source.body, options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
  return source.format === 'csv' ? readCsvRecords(lines, options) : readJsonlRecords(lines);
}

/**
 * Opens `spec` (path, `-`, or http(s) URL; gzip and format detected) and returns the source,
 * for progress (`bytesRead`, `totalBytes`), with its records as a constant-memory stream.
 */
export async function readOffRecords(
  spec: string,
  options: ReadOptions = {},
): Promise<{ source: OpenedSource; records: AsyncGenerator<RawRecord> }> {
  const source = await openSource(spec, options);
  return { source, records: recordsOf(source, options) };
}
