import type { OffIngredients } from '../events/import-events';
import { assessIngredients, type ProductAssessment, type VerdictSource } from './assess-ingredients';

/**
 * A verdict for a product whose list is not in English, read from Open Food Facts' ingredient
 * analysis of it (data: Open Food Facts, ODbL 1.0, © Open Food Facts contributors).
 * `ingredients_tags` names each ingredient it recognised in English (`en:wheat-flour`), each
 * followed by its broader kinds (`en:flour`, `en:cereal`), and marks the words it did not know
 * with their language (`fr:…`); `additives_tags` names the additives by E-number (`en:e322`).
 */

const E_NUMBER_TAG = /^[a-z]{2,3}:e\d{3}/;
const LANGUAGE_PREFIX = /^[a-z]{2,3}:/;

/**
 * Vitamins that are also additives (ascorbic acid is vitamin C, tocopherols vitamin E, riboflavin
 * E101, beta-carotene provitamin A): OFF tags the antioxidant or colour with the vitamin's name
 * too, so with its E-number among the additives the vitamin tag is that additive, not a vitamin
 * added to fortify the food.
 */
const VITAMIN_ADDITIVES: Record<string, readonly string[]> = {
  'en:vitamin-c': ['en:e300', 'en:e301', 'en:e302', 'en:e303', 'en:e304'],
  'en:ascorbic-acid': ['en:e300'],
  'en:vitamin-e': ['en:e306', 'en:e307', 'en:e308', 'en:e309'],
  'en:riboflavin': ['en:e101'],
  'en:vitamin-b2': ['en:e101'],
  'en:beta-carotene': ['en:e160a'],
  'en:vitamin-a': ['en:e160a'],
};
/** The broader kinds OFF lists right after a vitamin it names. */
const VITAMIN_KINDS = new Set(['en:vitamins', 'en:vitamin']);

/** Tags OFF writes for additive families that have no single number. */
const ADDITIVE_FAMILIES: Record<string, string> = { 'en:e14xx': 'modified starch' };

function words(tag: string): string {
  return tag.replace(LANGUAGE_PREFIX, '').replace(/-/g, ' ');
}

/**
 * The English list our analyser reads from OFF's tags: each recognised ingredient by OFF's
 * English name, then the additives by E-number. E-numbers come only from `additives_tags`: the
 * ingredient tags name some vitamins and caramel by number. Empty when OFF recognised no
 * ingredient (only `fr:…` words): there is then nothing to read.
 */
export function offIngredientList({ ingredientTags, additiveTags }: OffIngredients): string {
  const additives = new Set(additiveTags.map((tag) => tag.trim().toLowerCase()));
  const names: string[] = [];
  let recognised = false;
  let skippedVitamin = false;
  for (const raw of ingredientTags) {
    const tag = raw.trim().toLowerCase();
    if (tag === '' || E_NUMBER_TAG.test(tag)) continue;
    if (VITAMIN_ADDITIVES[tag]?.some((code) => additives.has(code))) {
      skippedVitamin = true;
      continue;
    }
    if (skippedVitamin && VITAMIN_KINDS.has(tag)) continue;
    skippedVitamin = false;
    if (tag.startsWith('en:')) recognised = true;
    names.push(words(tag));
  }
  if (!recognised) return '';
  for (const tag of additives) names.push(ADDITIVE_FAMILIES[tag] ?? words(tag));
  return names.join(', ');
}

/** The verdict read from OFF's ingredient analysis; null when OFF recognised no ingredient. */
export function assessOffIngredients(
  off: OffIngredients,
  categories: readonly string[],
  assess: (
    ingredients: string,
    categories: readonly string[],
    readFrom: VerdictSource,
  ) => ProductAssessment = assessIngredients,
): ProductAssessment | null {
  const ingredients = offIngredientList(off);
  if (ingredients === '') return null;
  return assess(ingredients, categories, {
    source: 'off-ingredient-analysis',
    ingredientsText: off.text,
    language: off.language,
    ingredients,
  });
}
