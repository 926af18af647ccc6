import { join } from 'node:path';

/**
 * The real OFF export samples (ODbL, © Open Food Facts contributors) kept outside the
 * repository, at `../shared/data/open-food-facts/` from the repository root, as in CI.
 */
export const offSamplesDir = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  '..',
  'shared',
  'data',
  'open-food-facts',
);
export const csvSample = join(offSamplesDir, 'export-sample.csv');
export const jsonlSample = join(offSamplesDir, 'export-sample.jsonl');
