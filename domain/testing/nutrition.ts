import type { OffNutrition } from '../src/events/import-events';

/** An Open Food Facts record without a single nutrient value. */
export const noNutritionValues: OffNutrition = {
  energyKcal: null,
  fat: null,
  saturatedFat: null,
  sugars: null,
  salt: null,
  fiber: null,
  proteins: null,
};
