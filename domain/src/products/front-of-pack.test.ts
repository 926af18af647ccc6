import { describe, expect, it } from 'vitest';
import type { OffNutrition } from '../events/import-events';
import { noNutritionValues as noValues } from '../../testing/nutrition';
import { isDrink, nutritionVerdict, type NutrientLevel, type NutriScoreGrade } from './front-of-pack';

const facts = (
  nutrition: Partial<OffNutrition>,
  categories: string[] = [],
  nutriScoreGrade: NutriScoreGrade | null = null,
) => ({ nutrition: { ...noValues, ...nutrition }, categories, nutriScoreGrade });

const DRINK = ['beverages', 'carbonated drinks', 'sodas'];

type Field = 'fat' | 'saturatedFat' | 'sugars' | 'salt';

/**
 * The guide's tables (FSA/DH, November 2016), as printed: green at or below the first figure,
 * red above the second, amber between. Each edge is tested at the figure and just above it.
 */
const TABLES: Record<'food' | 'drink', Array<[Field, number, number]>> = {
  food: [
    ['fat', 3.0, 17.5],
    ['saturatedFat', 1.5, 5.0],
    ['sugars', 5.0, 22.5],
    ['salt', 0.3, 1.5],
  ],
  drink: [
    ['fat', 1.5, 8.75],
    ['saturatedFat', 0.75, 2.5],
    ['sugars', 2.5, 11.25],
    ['salt', 0.3, 0.75],
  ],
};

const levelOf = (field: Field, grams: number, categories: string[]): NutrientLevel =>
  nutritionVerdict(facts({ [field]: grams }, categories)).colours[0]!.level;

describe('nutritionVerdict: the front-of-pack colours at the guide’s thresholds', () => {
  for (const [kind, categories] of [
    ['food', ['snacks']],
    ['drink', DRINK],
  ] as const) {
    it.each(TABLES[kind])(
      `${kind}: %s is low up to %s g, medium up to %s g, high above`,
      (field, low, high) => {
        expect(levelOf(field, 0, [...categories])).toBe('low');
        expect(levelOf(field, low, [...categories])).toBe('low');
        expect(levelOf(field, low + 0.01, [...categories])).toBe('medium');
        expect(levelOf(field, high, [...categories])).toBe('medium');
        expect(levelOf(field, high + 0.01, [...categories])).toBe('high');
      },
    );
  }

  it('weighs food per 100 g and drinks per 100 ml, and says so', () => {
    // 12 g of sugars: amber in a food, red in a drink.
    const food = nutritionVerdict(facts({ sugars: 12 }, ['breakfast cereals']));
    const drink = nutritionVerdict(facts({ sugars: 12 }, DRINK));
    expect(food).toMatchObject({
      per: '100 g',
      colours: [{ nutrient: 'sugars', grams: 12, level: 'medium' }],
    });
    expect(drink).toMatchObject({
      per: '100 ml',
      colours: [{ nutrient: 'sugars', grams: 12, level: 'high' }],
    });
    expect(drink.warnings).toEqual(['high-sugars']);
  });

  it('lists the known nutrients in the label’s order, and every high one as a warning', () => {
    // Nutella's values per 100 g.
    const verdict = nutritionVerdict(
      facts({ sugars: 56.3, fat: 30.9, saturatedFat: 10.6, salt: 0.107 }, ['spreads'], 'e'),
    );
    expect(verdict.colours.map(({ nutrient, level }) => [nutrient, level])).toEqual([
      ['fat', 'high'],
      ['saturates', 'high'],
      ['sugars', 'high'],
      ['salt', 'low'],
    ]);
    expect(verdict.warnings).toEqual(['high-fat', 'high-saturates', 'high-sugars']);
  });

  it('falls back on a Nutri-Score of D or E only when no nutrient has a value', () => {
    expect(nutritionVerdict(facts({}, [], 'e')).warnings).toEqual(['nutri-score-e']);
    expect(nutritionVerdict(facts({}, [], 'd')).warnings).toEqual(['nutri-score-d']);
    expect(nutritionVerdict(facts({}, [], 'c')).warnings).toEqual([]);
    expect(nutritionVerdict(facts({ salt: 0.1 }, [], 'e'))).toMatchObject({
      nutriScoreGrade: 'e',
      warnings: [],
    });
    expect(nutritionVerdict(facts({}))).toEqual({
      per: '100 g',
      colours: [],
      nutriScoreGrade: null,
      warnings: [],
    });
  });
});

describe('isDrink', () => {
  it('takes Open Food Facts’ beverages and milks for drinks', () => {
    expect(isDrink(['beverages', 'carbonated drinks'])).toBe(true);
    expect(isDrink(['dairies', 'milks', 'semi skimmed milks'])).toBe(true);
    expect(isDrink(['plant based foods and beverages', 'plant based foods', 'breads'])).toBe(false);
    expect(isDrink([])).toBe(false);
  });

  it('weighs what is made up before drinking as sold, as food', () => {
    expect(isDrink(['beverages', 'hot beverages', 'teas', 'tea bags'])).toBe(false);
    expect(isDrink(['beverages and beverages preparations', 'beverages', 'beverage preparations'])).toBe(
      false,
    );
  });
});
