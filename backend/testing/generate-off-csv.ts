import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { offStarterFiles } from '@labelwise/reference-data';
import { looksEnglish } from '../src/features/off-import/english-ingredients';
import { mapOffRecord } from '../src/features/off-import/map-record';
import { readOffRecords, type RawRecord } from '../src/features/off-import/read-records';
import { csvSample } from './off-import-samples';

/**
 * Writes OFF-format CSV exports of any size for tests and the bench, as wide as the real one:
 * each row is one of the real rows of OFF's export sample (`export-sample.csv`: its ~200
 * columns, about 2.8 kB, its name, brand, categories, nutrients and ingredients), with a unique
 * 13-digit code, a varied `last_modified_t` and its row number after the name. A share of the
 * rows (`englishShare`) gets one of the starter set's English ingredient lists (with its
 * ingredient tags) in place of its own; the others keep their real row's list, which in the
 * sample is English in 2 % of rows, in another language in 17 %, missing in the rest.
 */
export interface GeneratorOptions {
  rows: number;
  /** Row i gets code 2000000000000 + firstCode + i (unique across files that do not overlap). */
  firstCode?: number;
  /** Added to the `last_modified_t` of the rows `changed` selects: a newer export of those products. */
  newerBy?: number;
  changed?: (row: number) => boolean;
  /**
   * Share of rows (0 to 1) given an English ingredient list. 1 by default: every row (the
   * analyser's worst case); a UK or US export has one in about half its rows.
   */
  englishShare?: number;
}

/** OFF's CSV export as the sample has it: the header, and each row's values in its order. */
interface ExportShapes {
  header: string[];
  rows: string[][];
}

/** An English ingredient list of a real product, with the ingredient tags OFF gave it. */
interface EnglishList {
  text: string;
  tags: string;
}

/**
 * An integer hash of the row: unlike a stride, it spreads the sample rows independently of
 * which rows get an English list.
 */
function scattered(row: number): number {
  let x = Math.imul((row >>> 16) ^ row, 0x45d9f3b);
  x = Math.imul((x >>> 16) ^ x, 0x45d9f3b);
  return ((x >>> 16) ^ x) >>> 0;
}

const BASE_CODE = 2_000_000_000_000;
const BASE_LAST_MODIFIED = 1_600_000_000;

async function records(file: string): Promise<RawRecord[]> {
  const { records: all } = await readOffRecords(file);
  const out: RawRecord[] = [];
  for await (const record of all) out.push(record);
  return out;
}

let shapes: Promise<ExportShapes> | undefined;

/** The real rows of OFF's export sample, every column. */
function exportShapes(): Promise<ExportShapes> {
  shapes ??= records(csvSample).then((all) => {
    const rows = all.flatMap((record) => (record.kind === 'csv' ? [Object.values(record.fields)] : []));
    const first = all.find((record) => record.kind === 'csv');
    if (!first || first.kind !== 'csv') throw new Error(`${csvSample} has no rows to shape exports on`);
    return { header: Object.keys(first.fields), rows };
  });
  return shapes;
}

let englishLists: Promise<EnglishList[]> | undefined;

/**
 * The starter set's English ingredient lists (both files) with their ingredient tags: those a
 * CSV row, which has no language column, shows as English whatever its country.
 */
export function starterEnglishLists(): Promise<EnglishList[]> {
  englishLists ??= Promise.all([offStarterFiles.csv, offStarterFiles.jsonl].map(records)).then((files) =>
    files.flat().flatMap((record) => {
      const mapped = mapOffRecord(record);
      if (mapped.kind !== 'product' || !mapped.source.ingredientsText || record.kind === 'malformed')
        return [];
      const raw = record.kind === 'csv' ? record.fields.ingredients_tags : record.doc.ingredients_tags;
      const tags = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '';
      const text = mapped.source.ingredientsText;
      return looksEnglish(text, { ingredientTags: tags.split(',') }) ? [{ text, tags }] : [];
    }),
  );
  return englishLists;
}

/** The CSV lines (header first) of a generated export. */
export async function* generateOffCsvLines(options: GeneratorOptions): AsyncGenerator<string> {
  const { header, rows } = await exportShapes();
  const english = await starterEnglishLists();
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`the export sample has no ${name} column`);
    return index;
  };
  const [code, url, name, lastModified, ingredients, ingredientTags] = [
    'code',
    'url',
    'product_name',
    'last_modified_t',
    'ingredients_text',
    'ingredients_tags',
  ].map(column) as [number, number, number, number, number, number];
  const englishPerThousand = Math.round((options.englishShare ?? 1) * 1000);
  yield header.join('\t');
  for (let row = 0; row < options.rows; row++) {
    const values = [...rows[scattered(row) % rows.length]!];
    const printed = String(BASE_CODE + (options.firstCode ?? 0) + row);
    values[url] = values[url]!.replace(values[code]!, printed);
    values[code] = printed;
    values[name] = `${values[name]} ${row}`;
    const newer = options.changed?.(row) ? (options.newerBy ?? 0) : 0;
    values[lastModified] = String(BASE_LAST_MODIFIED + ((row * 104_729) % 100_000_000) + newer);
    // A stride prime to 1,000 gives exactly the share in every 1,000 rows.
    if ((row * 7919) % 1000 < englishPerThousand) {
      const list = english[row % english.length]!;
      values[ingredients] = list.text;
      values[ingredientTags] = list.tags;
    }
    yield values.join('\t');
  }
}

/** The code of generated row `row` (as printed). */
export const generatedCode = (row: number, firstCode = 0): string => String(BASE_CODE + firstCode + row);

/** Writes a generated export to `path`, streaming (constant memory at any size). */
export async function writeOffCsv(path: string, options: GeneratorOptions): Promise<void> {
  const out = createWriteStream(path);
  let chunk = '';
  for await (const line of generateOffCsvLines(options)) {
    chunk += line + '\n';
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}
