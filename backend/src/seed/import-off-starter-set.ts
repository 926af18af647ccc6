import { assessIngredients } from '@labelwise/domain';
import { offStarterFiles } from '@labelwise/reference-data';
import { createIdAllocator } from '../db/id-allocator';
import { hasPendingChanges, importOff } from '../features/off-import';
import type { AppContext } from '../http/context';

/**
 * The starter set of real Open Food Facts products (about 90, ODbL) imported through the same
 * importer as `npm run import:off`, so a fresh start shows real products. A boot that finds
 * nothing new in them records no import run. Run after the seed has moved the id sequences
 * past the starter products.
 */
export async function importOffStarterSet(ctx: Pick<AppContext, 'db' | 'store' | 'clock'>): Promise<void> {
  const importer = { ...ctx, ids: createIdAllocator(ctx.db), assess: assessIngredients };
  for (const file of [offStarterFiles.csv, offStarterFiles.jsonl]) {
    if (!(await hasPendingChanges(importer, file))) continue;
    const { summary } = await importOff(importer, { source: file });
    if (summary.state !== 'completed') throw new Error(`Importing the starter set ${file}: ${summary.error}`);
  }
}
