import { join } from 'node:path';
import { sharedOpenFoodFactsDir } from '@labelwise/reference-data';

/**
 * The real OFF export samples (ODbL, © Open Food Facts contributors) kept outside the
 * repository, at `../shared/data/open-food-facts/` from the repository root, as in CI.
 */
export const offSamplesDir = sharedOpenFoodFactsDir;
export const csvSample = join(offSamplesDir, 'export-sample.csv');
export const jsonlSample = join(offSamplesDir, 'export-sample.jsonl');
