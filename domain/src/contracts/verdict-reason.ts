import type { UnratedReason } from '../events/import-events';
import { NUTRITION_WARNING_LABELS, type NutritionWarning } from '../products/front-of-pack';
import { ratingTone, type RatingTone } from './rating-display';

const VERDICT_REASONS: Record<RatingTone, string> = {
  green: 'A clean choice: simple ingredients and nothing worth worrying about.',
  amber: 'Some processing or additives. Fine now and then; worth checking the details.',
  red: 'Highly processed or contains additives of concern. Consider an alternative.',
  unrated: 'Not enough information to rate this product yet.',
};

/** Why an imported product is unrated, in plain words. */
const UNRATED_REASONS: Record<UnratedReason, string> = {
  'ingredients not in English':
    'Not rated: its ingredient list is not available in English, and we rate only what we can read.',
  'no ingredients': 'Not rated: no ingredient list is known for this product.',
};

/**
 * The verdict's one-line reason. The rating is the ingredients' verdict; what is known against the
 * nutrition (high sugar, …) only changes its words: Green ingredients are then no clean choice.
 */
export function verdictReason(
  rating: string | null | undefined,
  unratedReason: UnratedReason | null = null,
  nutritionWarnings: readonly NutritionWarning[] = [],
): string {
  const tone = ratingTone(rating);
  if (tone === 'unrated' && unratedReason) return UNRATED_REASONS[unratedReason];
  if (tone === 'green' && nutritionWarnings.length > 0)
    return `Simple ingredients, but not a clean choice: ${nutritionWarnings.map((w) => NUTRITION_WARNING_LABELS[w]).join(', ')}.`;
  return VERDICT_REASONS[tone];
}
