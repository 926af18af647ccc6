import fs from 'node:fs';
import path from 'node:path';
import { sharedOpenFoodFactsDir } from '@labelwise/reference-data';
import type { IngredientMix } from '@labelwise/backend/features/off-import/generate-off-csv';
import { mapOffRecord } from '@labelwise/backend/features/off-import/map-record';
import { readOffRecords } from '@labelwise/backend/features/off-import/read-records';

/**
 * What generated rows take from OFF's real CSV export, as its sample (`export-sample.csv`, 810
 * rows) has it: the ingredient lists (how many rows carry an English list, one in another
 * language, or none, and the foreign lists themselves) and every row's `categories_tags` (''
 * for none). Undefined without the shared data.
 */
export async function exportSample(): Promise<{ mix: IngredientMix; categoryTags: string[] } | undefined> {
  const file = path.join(sharedOpenFoodFactsDir, 'export-sample.csv');
  if (!fs.existsSync(file)) return undefined;
  const { records } = await readOffRecords(file);
  const mix = { per: 0, english: 0, foreign: 0, foreignTexts: [] as string[] };
  const categoryTags: string[] = [];
  for await (const record of records) {
    const mapped = mapOffRecord(record);
    if (mapped.kind !== 'product' || record.kind !== 'csv') continue;
    mix.per++;
    categoryTags.push(record.fields.categories_tags ?? '');
    if (mapped.source.ingredientsText) mix.english++;
    else if (mapped.source.unratedReason === 'ingredients not in English') {
      mix.foreign++;
      mix.foreignTexts.push(record.fields.ingredients_text!);
    }
  }
  return mix.per > 0 ? { mix, categoryTags } : undefined;
}
