/**
 * Folders shipped with this package, for Node consumers (the frontend build copies the
 * article images; tests and benchmarks read the Open Food Facts sample). Resolving them
 * touches no Node API, so importing this module in the browser is harmless.
 */
function packageDir(relative: string): string {
  const url = new URL(relative, import.meta.url);
  return decodeURIComponent(url.pathname).replace(/\/$/, '');
}

/** SVG illustrations of the educational articles, served as `/articles/<file>.svg`. */
export const articleAssetsDir = packageDir('../assets/articles/');

/** Copies of the Open Food Facts files this package is built and calibrated from (ODbL). */
export const openFoodFactsDir = packageDir('../off-source/');

/**
 * The starter set of real products (every product of the two OFF export samples with a name and
 * English ingredients, in their source formats), imported on first start (ODbL).
 */
export const offStarterFiles = {
  csv: `${openFoodFactsDir}/off-starter.csv`,
  jsonl: `${openFoodFactsDir}/off-starter.jsonl`,
} as const;

/**
 * The real Open Food Facts data kept outside this repository (ODbL, © Open Food Facts
 * contributors): `../shared/data/open-food-facts/` beside its root, as CI clones it. Tests that
 * measure against it say so when it is absent.
 */
export const sharedOpenFoodFactsDir = packageDir('../../../shared/data/open-food-facts/');
