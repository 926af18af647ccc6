/**
 * Extracts the starter catalogue of real products from the two Open Food Facts export samples:
 * every product with a name and English ingredients, kept in its source format (CSV rows with a
 * header, JSONL documents) so that the importer reads them as it reads a real export. Only the
 * fields the importer reads are kept, values verbatim; the script checks that each trimmed
 * record maps exactly as the original did. Also prints the tally of each sample by skip reason.
 *
 * Data © Open Food Facts contributors, ODbL 1.0 (see off-source/README.md).
 * Run once by hand: npx tsx backend/scripts/extract-off-starter.ts [samples dir]
 */
import { writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import {
  mapOffRecord,
  OFF_CSV_COLUMNS,
  OFF_JSONL_FIELDS,
  OFF_NUTRIENTS,
  type MappedRecord,
} from '../src/features/off-import/map-record';
import { readOffRecords, type JsonObject, type RawRecord } from '../src/features/off-import/read-records';
import { offStarterFiles, sharedOpenFoodFactsDir } from '@labelwise/reference-data';

const samplesDir = process.argv[2] ?? sharedOpenFoodFactsDir;

function tallyKey(mapped: MappedRecord): string {
  return mapped.kind === 'skip'
    ? `skipped: ${mapped.reason}`
    : `product, ${mapped.source.unratedReason ?? 'English ingredients'}`;
}

function isStarter(mapped: MappedRecord): boolean {
  return mapped.kind === 'product' && mapped.source.ingredientsText !== null;
}

function trimDocument(doc: JsonObject): JsonObject {
  const kept: JsonObject = {};
  for (const field of OFF_JSONL_FIELDS) if (doc[field] !== undefined) kept[field] = doc[field];
  if (doc.nutriments && typeof doc.nutriments === 'object') {
    const all = doc.nutriments as JsonObject;
    kept.nutriments = Object.fromEntries(
      OFF_NUTRIENTS.flatMap((n) => (all[`${n}_100g`] === undefined ? [] : [[`${n}_100g`, all[`${n}_100g`]]])),
    );
  }
  if (doc.images && typeof doc.images === 'object') {
    const images = doc.images as JsonObject;
    const front = (images.selected as JsonObject | undefined)?.front;
    kept.images = {
      ...(front ? { selected: { front } } : {}),
      ...Object.fromEntries(Object.entries(images).filter(([key]) => key.startsWith('front_'))),
    };
  }
  return kept;
}

async function extract(file: string) {
  const { source, records } = await readOffRecords(file);
  const tally: Record<string, number> = {};
  const kept: RawRecord[] = [];
  let header: string[] | null = null;
  for await (const record of records) {
    const mapped = mapOffRecord(record);
    tally[tallyKey(mapped)] = (tally[tallyKey(mapped)] ?? 0) + 1;
    if (!isStarter(mapped)) continue;
    let trimmed: RawRecord;
    if (record.kind === 'csv') {
      header ??= Object.keys(record.fields).filter((column) => OFF_CSV_COLUMNS.includes(column));
      trimmed = { ...record, fields: Object.fromEntries(header.map((c) => [c, record.fields[c] ?? ''])) };
    } else if (record.kind === 'jsonl') {
      trimmed = { ...record, doc: trimDocument(record.doc) };
    } else continue;
    const again = mapOffRecord(trimmed);
    if (!isDeepStrictEqual(again, mapped))
      throw new Error(`${file} line ${record.line}: trimming changed the mapping`);
    kept.push(trimmed);
  }
  return { format: source.format, tally, kept, header };
}

const csv = await extract(join(samplesDir, 'export-sample.csv'));
const jsonl = await extract(join(samplesDir, 'export-sample.jsonl'));

const csvLines = [csv.header ?? OFF_CSV_COLUMNS].map((columns) => columns.join('\t'));
for (const record of csv.kept)
  if (record.kind === 'csv') csvLines.push(Object.values(record.fields).join('\t'));
writeFileSync(offStarterFiles.csv, csvLines.join('\n') + '\n');
const jsonlLines = jsonl.kept.flatMap((record) =>
  record.kind === 'jsonl' ? [JSON.stringify(record.doc)] : [],
);
writeFileSync(offStarterFiles.jsonl, jsonlLines.join('\n') + '\n');

const show = (value: unknown) => JSON.stringify(value, null, 2);
process.stdout.write(`export-sample.csv ${show(csv.tally)}\nexport-sample.jsonl ${show(jsonl.tally)}\n`);
process.stdout.write(
  `wrote ${csv.kept.length} CSV rows to ${offStarterFiles.csv}, ${jsonl.kept.length} JSONL documents to ${offStarterFiles.jsonl}\n`,
);
