import {
  CATEGORY_COUNT_LIMIT,
  TEXT_LIMITS,
  importSkipReasonSchema,
  type ImportSkipReason,
  MAX_BARCODE_LENGTH,
  barcodeKeys,
  cleanText,
  cutText,
  printedCode,
} from '@labelwise/domain';
import { assessOffIngredients } from '@labelwise/domain';
import type {
  AnalysisSummary,
  ImportedProduct,
  OffIngredients,
  OffNutrition,
  OffProductSource,
  Rating,
  VerdictSource,
} from '@labelwise/domain';
import { looksEnglish } from './english-ingredients';
import { frontImageUrl } from './off-image';
import type { RawRecord } from './read-records';

/** Why a record does not become a product; counted in the import summary. */
export const SKIP_REASONS = importSkipReasonSchema.options;
export type SkipReason = ImportSkipReason;

export type MappedRecord =
  | { kind: 'product'; line: number; source: OffProductSource }
  | { kind: 'skip'; line: number; reason: SkipReason; detail?: string };

/** The payload of `ProductImported` / `ProductUpdatedFromSource` before its id is allocated. */
export type ImportCandidate = Omit<ImportedProduct, 'productId'>;

/** Our analyser's verdict on English ingredients (the wiring cleans OFF's markup first). */
export type Assess = (
  ingredients: string,
  categories: readonly string[],
  readFrom?: VerdictSource,
) => { rating: Rating; analysis: AnalysisSummary };

/**
 * Not food: `product_type` other than `food` (OFF's JSONL since 2024: `beauty`, `petfood`,
 * `product`), or one of these category tags (Open Beauty / Pet Food / Products Facts items that
 * reached the food database). Anything else is food.
 */
export const NON_FOOD_CATEGORY_TAGS: ReadonlySet<string> = new Set([
  'en:non-food-products',
  'en:non-food',
  'en:open-beauty-facts',
  'en:open-pet-food-facts',
  'en:open-products-facts',
  'en:cosmetics',
  'en:pet-food',
  'en:cat-food',
  'en:dog-food',
]);

/** The nutrients read, as OFF names them (`<name>_100g`); kJ and sodium stand in for kcal and salt. */
export const OFF_NUTRIENTS = [
  'energy-kcal',
  'energy-kj',
  'energy',
  'fat',
  'saturated-fat',
  'sugars',
  'salt',
  'sodium',
  'fiber',
  'proteins',
] as const;

/** The CSV columns the mapper reads: pass them to the CSV reader to keep rows small. */
export const OFF_CSV_COLUMNS: readonly string[] = [
  'code',
  'product_name',
  'product_name_en',
  'brands',
  'ingredients_text',
  'ingredients_text_en',
  'ingredients_tags',
  'additives_tags',
  'lang',
  'lc',
  'product_type',
  'countries_tags',
  'categories_tags',
  'nova_group',
  'nutriscore_grade',
  'quantity',
  'image_url',
  'last_modified_t',
  ...OFF_NUTRIENTS.map((nutrient) => `${nutrient}_100g`),
];

/**
 * The top-level fields of a JSONL document the mapper reads (of `nutriments`, only the
 * `OFF_NUTRIENTS`; of `images`, only the front image references).
 */
export const OFF_JSONL_FIELDS: readonly string[] = [
  ...OFF_CSV_COLUMNS.filter((column) => !column.endsWith('_100g') && column !== 'image_url'),
  '_id',
  'nutrition_grades',
  'image_front_url',
  'images',
  'nutriments',
];

/** OFF data holds these placeholders where a value was never given. */
const PLACEHOLDERS = new Set(['undefined', 'null', 'none', 'n/a']);

/**
 * Text is cleaned (`cleanText`: PostgreSQL's jsonb refuses NUL and unpaired UTF-16 surrogates,
 * which a JSONL export can carry as `\u0000` and `\ud800` escapes): an invisible character is no
 * reason to lose a product. Then it is cut to `TEXT_LIMITS`, what the read models index: anyone
 * may edit OFF, and a megabyte of name would stop the catalogue's read model.
 */
function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = cleanText(value).trim();
  return trimmed === '' || PLACEHOLDERS.has(trimmed.toLowerCase()) ? null : trimmed;
}

function list(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value.map((item) => (typeof item === 'string' ? cleanText(item) : ''))
    : typeof value === 'string'
      ? cleanText(value).split(',')
      : [];
  return items.flatMap((item) => {
    const trimmed = item.trim();
    return trimmed ? [trimmed] : [];
  });
}

/** MongoDB extended JSON numbers, as `mongoexport` (OFF's delta files) may print them. */
type ExtendedNumber = { $numberLong?: unknown; $numberInt?: unknown; $numberDouble?: unknown };

function number(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value !== null && typeof value === 'object') {
    const wrapped = value as ExtendedNumber;
    return number(wrapped.$numberLong ?? wrapped.$numberInt ?? wrapped.$numberDouble);
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

/** A nutrient per 100 g: null when absent, negative, or beyond a number (sodium × 2.5 of 1e308). */
const per100g = (value: number | null): number | null =>
  value === null || value < 0 || !Number.isFinite(value) ? null : value;
const round1 = (value: number): number => Math.round(value * 10) / 10;

interface Fields {
  get(name: string): unknown;
  nutrient(name: string): number | null;
}

function fieldsOf(record: Exclude<RawRecord, { kind: 'malformed' }>): Fields {
  if (record.kind === 'csv') {
    const { fields } = record;
    return { get: (name) => fields[name], nutrient: (name) => number(fields[`${name}_100g`]) };
  }
  const { doc } = record;
  const nutriments = (doc.nutriments ?? {}) as Record<string, unknown>;
  return { get: (name) => doc[name], nutrient: (name) => number(nutriments[`${name}_100g`]) };
}

function nutritionOf(fields: Fields): OffNutrition {
  const kj = fields.nutrient('energy-kj') ?? fields.nutrient('energy');
  const sodium = fields.nutrient('sodium');
  return {
    energyKcal: per100g(fields.nutrient('energy-kcal') ?? (kj === null ? null : round1(kj / 4.184))),
    fat: per100g(fields.nutrient('fat')),
    saturatedFat: per100g(fields.nutrient('saturated-fat')),
    sugars: per100g(fields.nutrient('sugars')),
    salt: per100g(
      fields.nutrient('salt') ?? (sodium === null ? null : Math.round(sodium * 2.5 * 1000) / 1000),
    ),
    fiber: per100g(fields.nutrient('fiber')),
    proteins: per100g(fields.nutrient('proteins')),
  };
}

/** A JSONL record's list in another language (`ingredients_text_fr`…), its own language first. */
function otherLanguageIngredients(record: RawRecord, lang: string | null): string | null {
  if (record.kind !== 'jsonl') return null;
  const own = lang ? text(record.doc[`ingredients_text_${lang}`]) : null;
  if (own) return own;
  for (const [key, value] of Object.entries(record.doc)) {
    if (!/^ingredients_text_[a-z]{2,3}$/.test(key) || key === 'ingredients_text_en') continue;
    const list = text(value);
    if (list) return list;
  }
  return null;
}

/** OFF's reading of a list not in English, when it recognised any of it. */
function offIngredientsOf(fields: Fields, listText: string, lang: string | null): OffIngredients | null {
  const ingredientTags = list(fields.get('ingredients_tags'));
  if (!ingredientTags.some((tag) => tag.startsWith('en:'))) return null;
  return {
    text: listText,
    language: lang && lang.toLowerCase() !== 'en' ? lang.toLowerCase() : null,
    ingredientTags,
    additiveTags: list(fields.get('additives_tags')),
  };
}

type Ingredients = Pick<OffProductSource, 'ingredientsText' | 'unratedReason' | 'offIngredients'>;

/**
 * English ingredients: `ingredients_text_en`; else `ingredients_text` when the record's `lang`
 * (or `lc`) is `en`; a record without a language (OFF's CSV export) has its `ingredients_text`
 * checked by `looksEnglish`. A list in another language keeps OFF's reading of it
 * (`offIngredients`), which our verdict is read from; without one it is 'Unrated' with the reason.
 */
function ingredientsOf(fields: Fields, record: RawRecord): Ingredients {
  const english = limited(fields.get('ingredients_text_en'), TEXT_LIMITS.ingredients);
  if (english) return { ingredientsText: english, unratedReason: null, offIngredients: null };
  const lang = text(fields.get('lang')) ?? text(fields.get('lc'));
  const main = text(fields.get('ingredients_text'));
  const isEnglish =
    main !== null &&
    (lang
      ? lang.toLowerCase() === 'en'
      : looksEnglish(main, {
          ingredientTags: list(fields.get('ingredients_tags')),
          countryTags: list(fields.get('countries_tags')),
        }));
  if (main && isEnglish)
    return {
      ingredientsText: cutText(main, TEXT_LIMITS.ingredients),
      unratedReason: null,
      offIngredients: null,
    };
  const other = main ?? otherLanguageIngredients(record, lang);
  if (!other) return { ingredientsText: null, unratedReason: 'no ingredients', offIngredients: null };
  const offIngredients = offIngredientsOf(fields, cutText(other, TEXT_LIMITS.ingredients), lang);
  return {
    ingredientsText: null,
    unratedReason: offIngredients ? null : 'ingredients not in English',
    offIngredients,
  };
}

function novaOf(value: unknown): 1 | 2 | 3 | 4 | null {
  const group = number(value);
  return group === 1 || group === 2 || group === 3 || group === 4 ? group : null;
}

function nutriScoreOf(value: unknown): OffProductSource['nutriScoreGrade'] {
  const grade = text(value)?.toLowerCase();
  return grade === 'a' || grade === 'b' || grade === 'c' || grade === 'd' || grade === 'e' ? grade : null;
}

function categoriesOf(tags: string[]): string[] {
  const words = new Set<string>();
  for (const tag of tags) {
    if (!tag.startsWith('en:')) continue;
    const word = cutText(tag.slice(3).replace(/-/g, ' ').trim(), TEXT_LIMITS.category);
    if (word && !PLACEHOLDERS.has(word)) words.add(word);
    if (words.size === CATEGORY_COUNT_LIMIT) break;
  }
  return [...words];
}

/** `text`, cut to `limit`. */
const limited = (value: unknown, limit: number): string | null => {
  const found = text(value);
  return found === null ? null : cutText(found, limit).trimEnd();
};

/** An http(s) URL that parses, as the event's URL fields require. */
const httpUrl = (value: unknown): string | null => {
  const url = text(value);
  return url && url.length <= TEXT_LIMITS.imageUrl && /^https?:\/\/\S+$/i.test(url) && URL.canParse(url)
    ? url
    : null;
};

/** The code as printed, storable; null when there is none. */
const codeText = (raw: unknown): string | null => printedCode(typeof raw === 'string' ? cleanText(raw) : raw);

/** The OFF product page, which the attribution links to. */
export function offProductUrl(code: string): string {
  return `https://world.openfoodfacts.org/product/${encodeURIComponent(code)}`;
}

/**
 * One OFF record (either format) → its source fields, or why it is skipped. Checked in order:
 * malformed line, no barcode (or a code longer than `MAX_BARCODE_LENGTH`), not food, no name,
 * then a missing or impossible `last_modified_t` (malformed: re-imports are decided by it).
 * What it gives is a payload the store accepts (`offProductSourceSchema`, and text jsonb can
 * hold), so one row can never fail the batch it joins; a property test holds it to that. That
 * costs a few checks a row where parsing the schema would cost about 7 µs, a tenth of the
 * importer's CPU per product. Pure; runs no analysis, so an importer can drop unchanged
 * products (same `code` and `lastModifiedT`) before paying for `toImportCandidate`.
 */
export function mapOffRecord(record: RawRecord): MappedRecord {
  const { line } = record;
  if (record.kind === 'malformed') return { kind: 'skip', line, reason: 'malformed', detail: record.reason };
  const fields = fieldsOf(record);
  const code = codeText(fields.get('code')) ?? (record.kind === 'jsonl' ? codeText(record.doc._id) : null);
  if (!code) return { kind: 'skip', line, reason: 'no barcode' };
  if (code.length > MAX_BARCODE_LENGTH)
    return { kind: 'skip', line, reason: 'no barcode', detail: `a code of ${code.length} characters` };
  const productType = text(fields.get('product_type'));
  const categoryTags = list(fields.get('categories_tags'));
  if (
    (productType && productType !== 'food') ||
    categoryTags.some((tag) => NON_FOOD_CATEGORY_TAGS.has(tag))
  ) {
    return { kind: 'skip', line, reason: 'not food', detail: productType ?? undefined };
  }
  const name =
    limited(fields.get('product_name_en'), TEXT_LIMITS.productName) ??
    limited(fields.get('product_name'), TEXT_LIMITS.productName);
  if (!name) return { kind: 'skip', line, reason: 'no name' };
  const lastModifiedT = number(fields.get('last_modified_t'));
  // A Unix time in seconds, a safe integer as the event requires (1e16 would be year 300 million).
  if (lastModifiedT === null || !Number.isSafeInteger(lastModifiedT) || lastModifiedT < 0) {
    const detail = lastModifiedT === null ? 'no last_modified_t' : `last_modified_t ${lastModifiedT}`;
    return { kind: 'skip', line, reason: 'malformed', detail };
  }
  const lang = text(fields.get('lang')) ?? text(fields.get('lc'));
  const imageUrl =
    httpUrl(fields.get('image_front_url')) ??
    httpUrl(fields.get('image_url')) ??
    (record.kind === 'jsonl' ? frontImageUrl(code, record.doc.images, lang) : null);
  return {
    kind: 'product',
    line,
    source: {
      code,
      barcodeKeys: barcodeKeys(code),
      name,
      brand: limited(list(fields.get('brands'))[0], TEXT_LIMITS.brand),
      ...ingredientsOf(fields, record),
      novaGroup: novaOf(fields.get('nova_group')),
      nutriScoreGrade: nutriScoreOf(fields.get('nutriscore_grade') ?? fields.get('nutrition_grades')),
      nutrition: nutritionOf(fields),
      quantity: limited(fields.get('quantity'), TEXT_LIMITS.quantity),
      categories: categoriesOf(categoryTags),
      imageUrl,
      lastModifiedT,
      offUrl: offProductUrl(code),
      sourceFormat: record.kind,
    },
  };
}

/**
 * Adds our verdict: the analyser on English ingredients, or on the English list read from OFF's
 * ingredient analysis of a list in another language, or Unrated (null) with the reason.
 */
export function toImportCandidate(source: OffProductSource, assess: Assess): ImportCandidate {
  if (source.ingredientsText !== null) {
    const { rating, analysis } = assess(source.ingredientsText, source.categories);
    return { ...source, rating, analysis };
  }
  const fromOff = source.offIngredients
    ? assessOffIngredients(source.offIngredients, source.categories, assess)
    : null;
  if (!fromOff) {
    const unratedReason = source.unratedReason ?? 'ingredients not in English';
    return { ...source, unratedReason, rating: null, analysis: null };
  }
  return { ...source, ...fromOff };
}
