import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedOpenFoodFactsDir } from '@labelwise/reference-data';
import {
  nonEnglishNovaProductsFromOffCsv,
  nonEnglishNovaProductsFromOffJsonl,
  novaProductsFromOffCsv,
  novaProductsFromOffJsonl,
  type NovaProduct,
} from '../src/products/rating-accuracy';

/**
 * The Open Food Facts data sets the analyser is measured on (ODbL 1.0, © Open Food Facts
 * contributors), read from `../shared/data/open-food-facts/` beside the repository (as CI
 * clones it). Node only: used by `accuracy.test.ts` and `npm run analyser:accuracy`.
 */
export const sharedOffDir = sharedOpenFoodFactsDir;

export interface NovaDataSet {
  name: string;
  file: string;
  products: NovaProduct[];
}

const files: { name: string; file: string; read: (text: string) => NovaProduct[] }[] = [
  { name: 'products-sample.jsonl', file: 'products-sample.jsonl', read: novaProductsFromOffJsonl },
  {
    name: 'export-sample.csv (English rows with a NOVA group)',
    file: 'export-sample.csv',
    read: novaProductsFromOffCsv,
  },
  {
    name: 'export-sample.jsonl (English rows with a NOVA group)',
    file: 'export-sample.jsonl',
    read: novaProductsFromOffJsonl,
  },
];

/** The data sets present in `dir` (none when the shared folder is absent). */
export function loadNovaDataSets(dir = sharedOffDir): NovaDataSet[] {
  return files
    .filter(({ file }) => existsSync(join(dir, file)))
    .map(({ name, file, read }) => ({ name, file, products: read(readFileSync(join(dir, file), 'utf8')) }));
}

/**
 * The products of the sets whose OFF records say OFF recognised every ingredient: there OFF's
 * NOVA group was computed from the whole list, so a difference is the analyser's, not a word
 * OFF's parser did not know ("un-refined sugar", "soy lecithin-an emulsifier").
 */
export function wholeListsReadByOff(sets: readonly NovaDataSet[]): NovaDataSet | undefined {
  const jsonl = sets.find((set) => set.file === 'export-sample.jsonl');
  if (!jsonl) return undefined;
  return {
    name: `${jsonl.file} (English rows with a NOVA group whose every ingredient OFF recognised)`,
    file: jsonl.file,
    products: jsonl.products.filter((product) => product.offReadEveryIngredient === true),
  };
}

/**
 * The products of the two export samples with a NOVA group and a list not in English (most sold
 * in France, Germany, Spain and Italy), each with OFF's reading of its list: one set.
 */
export function loadNonEnglishNovaProducts(dir = sharedOffDir): NovaProduct[] {
  const csv = join(dir, 'export-sample.csv');
  const jsonl = join(dir, 'export-sample.jsonl');
  return [
    ...(existsSync(csv) ? nonEnglishNovaProductsFromOffCsv(readFileSync(csv, 'utf8')) : []),
    ...(existsSync(jsonl) ? nonEnglishNovaProductsFromOffJsonl(readFileSync(jsonl, 'utf8')) : []),
  ];
}
