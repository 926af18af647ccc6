import type { Rating } from '../events/ratings';
import type { OffIngredients } from '../events/import-events';
import { assessOffIngredients } from './off-ingredients';
import { analyseIngredients } from '../analyser/analyse';
import { labelLanguage } from '../analyser/label-language';
import type { ProcessingLevel } from '../analyser/types';

/**
 * Measures the analyser against the NOVA group Open Food Facts computed for real products
 * (data: Open Food Facts, ODbL 1.0, © Open Food Facts contributors). Pure: the callers read
 * the files (`accuracy.test.ts`, `domain/scripts/analyser-accuracy.ts`).
 */

/** One product with OFF's NOVA group. */
export interface NovaProduct {
  code: string;
  name: string;
  ingredients: string;
  nova: 1 | 2 | 3 | 4;
  categories: string[];
  /**
   * Whether OFF recognised every ingredient of the list it computed the NOVA group from (its
   * `unknown_ingredients_n` is 0); undefined where the record does not say (the CSV export).
   */
  offReadEveryIngredient?: boolean;
  /** The list's language (OFF's `lang`, else read from the list) for lists not in English. */
  language?: string;
  /** OFF's reading of a list not in English. */
  offIngredients?: OffIngredients;
}

export interface NovaOutcome {
  product: NovaProduct;
  level: ProcessingLevel;
  rating: Rating;
}

export const LEVELS: readonly ProcessingLevel[] = ['minimal', 'moderate', 'high'];

/** NOVA 1-2 → minimal, 3 → moderate, 4 → high. */
export function expectedLevel(nova: number): ProcessingLevel {
  return nova === 4 ? 'high' : nova === 3 ? 'moderate' : 'minimal';
}

export interface AccuracyReport {
  /** Rows minimal / moderate / high (expected), columns minimal / moderate / high (found). */
  matrix: number[][];
  /** Hit rate per expected level (NaN when the data set has none). */
  recall: Record<ProcessingLevel, number>;
  /** Mean of the per-class hit rates over the classes present. */
  balancedAccuracy: number;
  /** Share of NOVA 1-2 products rated red. */
  minimalRatedRed: number;
  minimalRatedRedCount: number;
  total: number;
}

export function accuracyReport(outcomes: readonly NovaOutcome[]): AccuracyReport {
  const matrix = LEVELS.map(() => LEVELS.map(() => 0));
  let minimal = 0;
  let red = 0;
  for (const o of outcomes) {
    const expected = LEVELS.indexOf(expectedLevel(o.product.nova));
    matrix[expected]![LEVELS.indexOf(o.level)]!++;
    if (o.product.nova <= 2) {
      minimal++;
      if (o.rating === 'red') red++;
    }
  }
  const recall = {} as Record<ProcessingLevel, number>;
  const present: number[] = [];
  LEVELS.forEach((level, i) => {
    const row = matrix[i]!;
    const total = row.reduce((a, b) => a + b, 0);
    recall[level] = total === 0 ? Number.NaN : row[i]! / total;
    if (total > 0) present.push(recall[level]);
  });
  return {
    matrix,
    recall,
    balancedAccuracy: present.reduce((a, b) => a + b, 0) / Math.max(1, present.length),
    minimalRatedRed: minimal === 0 ? 0 : red / minimal,
    minimalRatedRedCount: red,
    total: outcomes.length,
  };
}

const pct = (x: number) => (Number.isNaN(x) ? '  n/a' : `${(100 * x).toFixed(1)}%`);

export function formatReport(title: string, report: AccuracyReport): string {
  const head = `${'expected \\ found'.padEnd(18)}${LEVELS.map((l) => l.padStart(10)).join('')}${'recall'.padStart(9)}`;
  const rows = LEVELS.map((level, i) => {
    const label = `${level} (NOVA ${level === 'minimal' ? '1-2' : level === 'moderate' ? '3' : '4'})`;
    return `${label.padEnd(18)}${report.matrix[i]!.map((c) => String(c).padStart(10)).join('')}${pct(report.recall[level]).padStart(9)}`;
  });
  return [
    `${title}: ${report.total} products`,
    head,
    ...rows,
    `balanced accuracy ${pct(report.balancedAccuracy)}, NOVA-4 recall ${pct(report.recall.high)}, ` +
      `NOVA 1-2 rated red ${report.minimalRatedRedCount} (${pct(report.minimalRatedRed)})`,
  ].join('\n');
}

/** The per-class figures, one row each, as the issues report them. */
export function formatClassTable(report: AccuracyReport): string {
  const classRow = (label: string, level: ProcessingLevel) => {
    const i = LEVELS.indexOf(level);
    const row = report.matrix[i]!;
    const total = row.reduce((a, b) => a + b, 0);
    return [label, `${pct(report.recall[level]).trim()} (${row[i]}/${total})`];
  };
  const minimalTotal = report.matrix[0]!.reduce((a, b) => a + b, 0);
  const rows = [
    classRow('NOVA 1-2 → minimal', 'minimal'),
    classRow('NOVA 3 → moderate', 'moderate'),
    classRow('NOVA 4 → high', 'high'),
    ['balanced', pct(report.balancedAccuracy)],
    ['NOVA 1-2 rated red', `${pct(report.minimalRatedRed)} (${report.minimalRatedRedCount}/${minimalTotal})`],
  ];
  return [
    '| class | figure |',
    '| --- | --- |',
    ...rows.map(([label, figure]) => `| ${label} | ${figure} |`),
  ].join('\n');
}

function novaOf(value: unknown): 1 | 2 | 3 | 4 | null {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return n === 1 || n === 2 || n === 3 || n === 4 ? n : null;
}

function tags(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string' && value.trim() !== '') return value.split(',').map((t) => t.trim());
  return [];
}

/**
 * Common words of English ingredient lists, and of the other languages OFF labels are most
 * often written in. Used only to pick the English rows of OFF exports that carry no language.
 */
const ENGLISH = new Set(
  `and with of or contains less than water sugar salt flour wheat milk skimmed whole cream butter oil
  vegetable sunflower rapeseed palm olive corn rice oat oats barley rye soy soya soybean egg eggs
  yeast starch syrup glucose juice concentrate natural flavour flavor flavouring flavoring
  colour color acid citric powder cocoa chocolate cheese beef pork chicken meat fish tuna
  tomato tomatoes onion garlic pepper black spices spice herbs vinegar honey lemon orange apple
  fruit fruits vegetables beans peas nuts peanuts hazelnut hazelnuts almonds cashew roasted
  cauliflower boysenberries berries dried whey protein lecithin emulsifier preservative
  stabilizer stabiliser thickener sweetener modified enriched iron niacin thiamin folic
  vitamin riboflavin baking soda dextrose maltodextrin extract cane brown white sea lightly
  seeds seed mustard celery ground unbleached carrots potatoes pasteurized pasteurised
  cultures enzymes gum xanthan guar sodium potassium calcium chloride phosphate`
    .split(/\s+/)
    .filter(Boolean),
);
const OTHER = new Set(
  `et de du des la le les au aux avec eau sucre sel farine blé lait huile beurre crème oeufs œufs
  sirop arôme arômes naturel poudre viande jus concentré levure amidon fécule acide épices
  und mit aus wasser zucker salz mehl weizen milch öl butter sahne eier hefe stärke saft
  gewürze aroma pulver fleisch säure enthält kann spuren
  y con agua azúcar sal harina trigo leche aceite mantequilla huevo levadura almidón zumo
  especias carne ácido contiene puede
  e di acqua zucchero farina latte olio uova lievito succo
  en van met water suiker zout bloem tarwe melk olie boter ei gist zetmeel
  de da com açúcar farinha leite óleo ovos
  i w z woda cukier sól mąka mleko olej`
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether an ingredient list reads as English: more English words than words of other languages. */
export function looksEnglish(text: string): boolean {
  let english = 0;
  let other = 0;
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    if (word === '') continue;
    if (/[^\x20-\x7e]/.test(word)) other++;
    else if (ENGLISH.has(word)) english++;
    else if (OTHER.has(word)) other++;
  }
  return english > 0 && english > other;
}

/** OFF's tab-separated CSV export: a header line, then one product a line (no quoting). */
export function novaProductsFromOffCsv(text: string): NovaProduct[] {
  const lines = text.split('\n');
  const header = (lines[0] ?? '').replace(/\r$/, '').split('\t');
  const col = (name: string) => header.indexOf(name);
  const [code, name, ingredients, nova, categories] = [
    col('code'),
    col('product_name'),
    col('ingredients_text'),
    col('nova_group'),
    col('categories_tags'),
  ];
  const products: NovaProduct[] = [];
  for (const line of lines.slice(1)) {
    const f = line.replace(/\r$/, '').split('\t');
    const group = novaOf(f[nova]);
    const text = (f[ingredients] ?? '').trim();
    if (group === null || text === '' || !looksEnglish(text)) continue;
    products.push({
      code: f[code] ?? '',
      name: f[name] ?? '',
      ingredients: text,
      nova: group,
      categories: tags(f[categories]),
    });
  }
  return products;
}

/** OFF JSONL export (or the products sample): English ingredients text and a NOVA group. */
export function novaProductsFromOffJsonl(text: string): NovaProduct[] {
  const products: NovaProduct[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const doc = JSON.parse(line) as Record<string, unknown>;
    const group = novaOf(doc.nova_group);
    const english = typeof doc.ingredients_text_en === 'string' ? doc.ingredients_text_en.trim() : '';
    const plain =
      typeof doc.ingredients_text === 'string' && (doc.lang ?? doc.lc ?? 'en') === 'en'
        ? doc.ingredients_text.trim()
        : '';
    const ingredients = english || plain;
    if (group === null || ingredients === '') continue;
    const unknown = Number(doc.unknown_ingredients_n);
    products.push({
      code: String(doc.code ?? doc._id ?? ''),
      name: String(doc.product_name ?? ''),
      ingredients,
      nova: group,
      categories: tags(doc.categories_tags),
      ...(doc.unknown_ingredients_n === undefined ? {} : { offReadEveryIngredient: unknown === 0 }),
    });
  }
  return products;
}

/** Analyses each product from its ingredient text alone, as the app does. */
export function analyseNovaProducts(products: readonly NovaProduct[]): NovaOutcome[] {
  return products.map((product) => {
    const result = analyseIngredients(product.ingredients);
    return { product, level: result.processingLevel, rating: result.rating };
  });
}

/**
 * The held-out half of a data set: products whose barcode ends in an odd digit. Fixed before any
 * rule for lists not in English was written, so rules written from the other half's misses are
 * measured on products they were not written from.
 */
export function isHeldOut(product: Pick<NovaProduct, 'code'>): boolean {
  return Number(product.code.at(-1)) % 2 === 1;
}

function csvColumns(text: string): { lines: string[]; col: (name: string) => number } {
  const lines = text.split('\n');
  const header = (lines[0] ?? '').replace(/\r$/, '').split('\t');
  return { lines: lines.slice(1), col: (name) => header.indexOf(name) };
}

/** The rows of an OFF CSV export with a NOVA group whose list is not in English, with OFF's reading of it. */
export function nonEnglishNovaProductsFromOffCsv(text: string): NovaProduct[] {
  const { lines, col } = csvColumns(text);
  const products: NovaProduct[] = [];
  for (const line of lines) {
    const f = line.replace(/\r$/, '').split('\t');
    const group = novaOf(f[col('nova_group')]);
    const list = (f[col('ingredients_text')] ?? '').trim();
    if (group === null || list === '' || looksEnglish(list)) continue;
    products.push({
      code: f[col('code')] ?? '',
      name: f[col('product_name')] ?? '',
      ingredients: list,
      nova: group,
      categories: englishCategories(tags(f[col('categories_tags')])),
      language: parsedLanguage(tags(f[col('ingredients_tags')])) ?? labelLanguage(list),
      offIngredients: {
        text: list,
        language: null,
        ingredientTags: tags(f[col('ingredients_tags')]),
        additiveTags: tags(f[col('additives_tags')]),
      },
    });
  }
  return products;
}

/** The documents of an OFF JSONL export with a NOVA group and a list in another language than English. */
export function nonEnglishNovaProductsFromOffJsonl(text: string): NovaProduct[] {
  const products: NovaProduct[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const doc = JSON.parse(line) as Record<string, unknown>;
    const group = novaOf(doc.nova_group);
    const lang = String(doc.lang ?? doc.lc ?? 'en');
    const list = typeof doc.ingredients_text === 'string' ? doc.ingredients_text.trim() : '';
    if (group === null || lang === 'en' || typeof doc.ingredients_text_en === 'string' || list === '')
      continue;
    products.push({
      code: String(doc.code ?? doc._id ?? ''),
      name: String(doc.product_name ?? ''),
      ingredients: list,
      nova: group,
      categories: englishCategories(tags(doc.categories_tags)),
      language: lang,
      offIngredients: {
        text: list,
        language: lang,
        ingredientTags: tags(doc.ingredients_tags),
        additiveTags: tags(doc.additives_tags),
      },
    });
  }
  return products;
}

/**
 * The language OFF parsed a list in, when it says: the words it did not recognise carry it
 * (`pt:farinha-de-trigo`). The CSV export has no language column.
 */
function parsedLanguage(ingredientTags: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const tag of ingredientTags) {
    const language = /^([a-z]{2,3}):/.exec(tag)?.[1];
    if (language && language !== 'en') counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** OFF's English category tags as the importer keeps them ("en:breakfast-cereals" → "breakfast cereals"). */
function englishCategories(categoryTags: string[]): string[] {
  return categoryTags.filter((tag) => tag.startsWith('en:')).map((tag) => tag.slice(3).replace(/-/g, ' '));
}

/**
 * Rates each product as the importer does when its list is not in English: from OFF's reading
 * of it, with its categories. Products OFF recognised no ingredient of stay unrated (not in the
 * outcomes); `rated` over the products is the share that gets a verdict.
 */
export function analyseOffReadings(products: readonly NovaProduct[]): NovaOutcome[] {
  return products.flatMap((product) => {
    const verdict = product.offIngredients
      ? assessOffIngredients(product.offIngredients, product.categories)
      : null;
    return verdict ? [{ product, level: verdict.analysis.processingLevel, rating: verdict.rating }] : [];
  });
}
