import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { OffProductSource } from '@labelwise/domain';
import { offStarterFiles } from '@labelwise/reference-data';
import { OFF_CSV_COLUMNS, mapOffRecord } from './map-record';
import { readOffRecords } from './read-records';

/**
 * Writes OFF-format CSV exports of any size for tests and the bench: the export's tab-separated
 * layout (the columns the importer reads), real English ingredient lists, names, brands and
 * (unless given real ones) categories from the starter set, a unique 13-digit code per row and varied `last_modified_t`.
 */
export interface GeneratorOptions {
  rows: number;
  /** Row i gets code 2000000000000 + firstCode + i (unique across files that do not overlap). */
  firstCode?: number;
  /** Added to the `last_modified_t` of the rows `changed` selects: a newer export of those products. */
  newerBy?: number;
  changed?: (row: number) => boolean;
  /**
   * Ingredient lists as a real export has them: in every `per` rows, `english` carry an English
   * list, `foreign` one of `foreignTexts` (real lists in other languages), the rest none. Without
   * it every row has an English list (the analyser's worst case).
   */
  mix?: IngredientMix;
  /**
   * Category lists as a real export has them (`categories_tags` values, '' for none: those of
   * OFF's export sample), spread over the rows; without it each row has its starter product's.
   */
  categoryTags?: readonly string[];
}

export interface IngredientMix {
  per: number;
  english: number;
  foreign: number;
  foreignTexts: readonly string[];
}

/** The ingredient list of generated row `row`: English (from `sample`), foreign or none. */
function ingredientsOf(row: number, sample: OffProductSource, mix: IngredientMix | undefined): string | null {
  if (!mix) return sample.ingredientsText;
  // A stride prime to `per` spreads each kind evenly over the file.
  const slot = (row * 7919) % mix.per;
  if (slot < mix.english) return sample.ingredientsText;
  if (slot < mix.english + mix.foreign) return mix.foreignTexts[row % mix.foreignTexts.length]!;
  return null;
}

/**
 * An integer hash of the row: unlike a stride, it spreads category lists independently of the
 * ingredient slot (a stride over the same number of sample rows would give the few English rows
 * as few category lists).
 */
function scattered(row: number): number {
  let x = Math.imul((row >>> 16) ^ row, 0x45d9f3b);
  x = Math.imul((x >>> 16) ^ x, 0x45d9f3b);
  return ((x >>> 16) ^ x) >>> 0;
}

const BASE_CODE = 2_000_000_000_000;
const BASE_LAST_MODIFIED = 1_600_000_000;

let samples: Promise<OffProductSource[]> | undefined;

/** The starter set's products with English ingredients: what generated rows borrow. */
export function starterSamples(): Promise<OffProductSource[]> {
  samples ??= (async () => {
    const found: OffProductSource[] = [];
    for (const file of [offStarterFiles.csv, offStarterFiles.jsonl]) {
      const { records } = await readOffRecords(file);
      for await (const record of records) {
        const mapped = mapOffRecord(record);
        if (mapped.kind === 'product' && mapped.source.ingredientsText) found.push(mapped.source);
      }
    }
    return found;
  })();
  return samples;
}

const clean = (value: string | number | null) => (value === null ? '' : String(value).replace(/\s+/g, ' '));

/** The CSV lines (header first) of a generated export. */
export async function* generateOffCsvLines(options: GeneratorOptions): AsyncGenerator<string> {
  const borrowed = await starterSamples();
  yield OFF_CSV_COLUMNS.join('\t');
  for (let row = 0; row < options.rows; row++) {
    const sample = borrowed[(row * 7919) % borrowed.length]!;
    const newer = options.changed?.(row) ? (options.newerBy ?? 0) : 0;
    const values: Record<string, string | number | null> = {
      code: BASE_CODE + (options.firstCode ?? 0) + row,
      product_name: `${sample.name} ${row}`,
      brands: sample.brand,
      ingredients_text: ingredientsOf(row, sample, options.mix),
      // OFF's CSV export has no language column: with a mix, the importer tells English itself.
      lang: options.mix ? null : 'en',
      lc: options.mix ? null : 'en',
      product_type: 'food',
      countries_tags: 'en:united-kingdom',
      categories_tags: options.categoryTags
        ? options.categoryTags[scattered(row) % options.categoryTags.length]!
        : sample.categories.map((c) => `en:${c.replaceAll(' ', '-')}`).join(','),
      nova_group: sample.novaGroup,
      nutriscore_grade: sample.nutriScoreGrade,
      quantity: sample.quantity,
      last_modified_t: BASE_LAST_MODIFIED + ((row * 104_729) % 100_000_000) + newer,
      'energy-kcal_100g': ((row * 37) % 600) + 20,
      fat_100g: (row % 50) / 2,
      sugars_100g: (row % 40) / 2,
      salt_100g: (row % 30) / 10,
      proteins_100g: (row % 25) / 2,
    };
    yield OFF_CSV_COLUMNS.map((column) => clean(values[column] ?? null)).join('\t');
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
