import type { OffNutrition, OffProductSource } from '../events/import-events';

/**
 * The UK front-of-pack nutrition colours: the Department of Health and Food Standards Agency's
 * "Guide to creating a front of pack (FoP) nutrition label for pre-packed products sold through
 * retail outlets" (updated November 2016), its criteria for 100 g of food and for 100 ml of
 * drinks. The guide also calls a nutrient high by the portion (over 21 g of fat in a portion
 * above 100 g, say); Open Food Facts gives no reliable portion, so only the per-100 g / 100 ml
 * criteria are applied, as its shoppers' tables print them.
 */

/** The nutrients the label colours, in the label's order. */
export const FRONT_OF_PACK_NUTRIENTS = ['fat', 'saturates', 'sugars', 'salt'] as const;
export type FrontOfPackNutrient = (typeof FRONT_OF_PACK_NUTRIENTS)[number];

/** Low is green, medium amber and high red on the label. */
export type NutrientLevel = 'low' | 'medium' | 'high';
export type NutriScoreGrade = NonNullable<OffProductSource['nutriScoreGrade']>;

/** Grams per 100 g or 100 ml: at most `low` is low, above `high` is high, medium in between. */
interface Criterion {
  low: number;
  high: number;
}

const FOOD: Record<FrontOfPackNutrient, Criterion> = {
  fat: { low: 3, high: 17.5 },
  saturates: { low: 1.5, high: 5 },
  sugars: { low: 5, high: 22.5 },
  salt: { low: 0.3, high: 1.5 },
};

const DRINK: Record<FrontOfPackNutrient, Criterion> = {
  fat: { low: 1.5, high: 8.75 },
  saturates: { low: 0.75, high: 2.5 },
  sugars: { low: 2.5, high: 11.25 },
  salt: { low: 0.3, high: 0.75 },
};

const OFF_FIELD: Record<FrontOfPackNutrient, keyof OffNutrition> = {
  fat: 'fat',
  saturates: 'saturatedFat',
  sugars: 'sugars',
  salt: 'salt',
};

/**
 * Drinks, by Open Food Facts' categories: its "beverages" and "milks". What OFF files under
 * beverages but is sold dry and made up before drinking (tea bags, powders) is weighed as sold,
 * as food.
 */
const DRINK_CATEGORIES = new Set(['beverages', 'milks']);
const MADE_UP_BEFORE_DRINKING = new Set([
  'beverage preparations',
  'dried products to be rehydrated',
  'instant beverages',
  'tea bags',
  'tea leaves',
]);

export function isDrink(categories: readonly string[]): boolean {
  return (
    categories.some((category) => DRINK_CATEGORIES.has(category)) &&
    !categories.some((category) => MADE_UP_BEFORE_DRINKING.has(category))
  );
}

export function nutrientLevel(grams: number, criterion: Criterion): NutrientLevel {
  if (grams <= criterion.low) return 'low';
  return grams <= criterion.high ? 'medium' : 'high';
}

/** Why a product is no clean choice on its nutrition: a nutrient high, or a poor Nutri-Score. */
export const NUTRITION_WARNINGS = [
  'high-fat',
  'high-saturates',
  'high-sugars',
  'high-salt',
  'nutri-score-d',
  'nutri-score-e',
] as const;
export type NutritionWarning = (typeof NUTRITION_WARNINGS)[number];

/** What a tile or a banner says for each warning. */
export const NUTRITION_WARNING_LABELS: Record<NutritionWarning, string> = {
  'high-fat': 'High fat',
  'high-saturates': 'High saturated fat',
  'high-sugars': 'High sugar',
  'high-salt': 'High salt',
  'nutri-score-d': 'Nutri-Score D',
  'nutri-score-e': 'Nutri-Score E',
};

export interface NutrientColour {
  nutrient: FrontOfPackNutrient;
  /** Per 100 g, or per 100 ml for a drink. */
  grams: number;
  level: NutrientLevel;
}

/** How a product's nutrition weighs: its front-of-pack colours, else its Nutri-Score. */
export interface NutritionVerdict {
  /** Food is weighed per 100 g, drinks per 100 ml: the guide's two tables. */
  per: '100 g' | '100 ml';
  /** The nutrients Open Food Facts gives a value for, in the label's order. */
  colours: NutrientColour[];
  /** OFF's Nutri-Score grade, if known; it stands in for the colours when no value is known. */
  nutriScoreGrade: NutriScoreGrade | null;
  /**
   * What keeps it from being a clean choice: each nutrient that is high or, when no nutrient has
   * a value, a Nutri-Score of D or E. Empty when nothing is known against it.
   */
  warnings: NutritionWarning[];
}

/** What Open Food Facts says that the verdict weighs. */
export interface OffNutritionFacts {
  nutrition: OffNutrition;
  nutriScoreGrade: NutriScoreGrade | null;
  categories: readonly string[];
}

/** The one rule weighing a product's nutrition, wherever it is shown or compared. */
export function nutritionVerdict(off: OffNutritionFacts): NutritionVerdict {
  const drink = isDrink(off.categories);
  const criteria = drink ? DRINK : FOOD;
  const colours: NutrientColour[] = [];
  for (const nutrient of FRONT_OF_PACK_NUTRIENTS) {
    const grams = off.nutrition[OFF_FIELD[nutrient]];
    if (grams !== null) colours.push({ nutrient, grams, level: nutrientLevel(grams, criteria[nutrient]) });
  }
  const grade = off.nutriScoreGrade;
  const warnings: NutritionWarning[] =
    colours.length > 0
      ? colours.filter((colour) => colour.level === 'high').map(({ nutrient }) => `high-${nutrient}` as const)
      : grade === 'd' || grade === 'e'
        ? [`nutri-score-${grade}`]
        : [];
  return { per: drink ? '100 ml' : '100 g', colours, nutriScoreGrade: grade, warnings };
}

/**
 * What is known of a product's nutrition, as ranks to compare products by (lower is better): each
 * front-of-pack level Open Food Facts gives a value for (low 1, medium 2, high 3) and its
 * Nutri-Score (A 1 to E 5). What is unknown is left out: nothing is known to be better or worse.
 */
export type NutritionLevels = Partial<Record<FrontOfPackNutrient | 'nutriScore', number>>;

const LEVEL_RANK: Record<NutrientLevel, number> = { low: 1, medium: 2, high: 3 };
const GRADE_RANK: Record<NutriScoreGrade, number> = { a: 1, b: 2, c: 3, d: 4, e: 5 };

export function nutritionLevels(verdict: NutritionVerdict): NutritionLevels {
  const levels: NutritionLevels = {};
  for (const { nutrient, level } of verdict.colours) levels[nutrient] = LEVEL_RANK[level];
  if (verdict.nutriScoreGrade) levels.nutriScore = GRADE_RANK[verdict.nutriScoreGrade];
  return levels;
}
