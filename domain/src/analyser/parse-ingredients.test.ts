import { describe, expect, it } from 'vitest';
import { analyseIngredients } from './analyse';
import { parseIngredients } from './parse-ingredients';
import { scanLabel } from './scan';

/** The additives found (also those that are no concern), by code. */
const codes = (text: string) => [...scanLabel(text, 0).additives.values()].map((a) => a.additive.code).sort();

describe('parseIngredients', () => {
  it('lists a compound ingredient before its parts, through nested parentheses, brackets and braces', () => {
    expect(
      parseIngredients('Chocolate {sugar, cocoa [cocoa mass (cocoa beans), cocoa butter]}, milk.'),
    ).toEqual(['chocolate', 'sugar', 'cocoa', 'cocoa mass', 'cocoa beans', 'cocoa butter', 'milk']);
  });

  it('reads class labels and single-word notes as descriptions, not ingredients', () => {
    expect(parseIngredients('Milk chocolate (sugar, cocoa butter), emulsifier: lecithins (soy)')).toEqual([
      'milk chocolate',
      'sugar',
      'cocoa butter',
      'lecithins',
    ]);
    expect(
      parseIngredients('water, salt (preservative), calcium propionate (to preserve freshness)'),
    ).toEqual(['water', 'salt', 'calcium propionate']);
  });

  it('drops percentages and bracketed amounts, keeping decimal points inside numbers', () => {
    expect(parseIngredients('Tomatoes (60%), salt 1.5%, sugar (2,5 %), pepper 0.5 %.')).toEqual([
      'tomatoes',
      'salt',
      'sugar',
      'pepper',
    ]);
    expect(parseIngredients('Tomatoes (148g per 100g ketchup), vitamin b12 (1.5 mg).')).toEqual([
      'tomatoes',
      'vitamin b12',
    ]);
  });

  it.each([
    'Water, sugar, contains 2% or less of: salt, yeast.',
    'Water, sugar, contains less than 2% of salt, yeast.',
    'Water, sugar, Contains 2 Percent or Less of Salt, Yeast.',
    'Water, sugar. Less than 2% of each of the following: salt, yeast',
  ])('drops the "or less of" clause: %j', (text) => {
    expect(parseIngredients(text)).toEqual(['water', 'sugar', 'salt', 'yeast']);
  });

  it('splits "and/or" alternatives', () => {
    expect(parseIngredients('soybean and/or canola oil, salt')).toEqual(['soybean', 'canola oil', 'salt']);
    expect(parseIngredients('sugar and / or dextrose')).toEqual(['sugar', 'dextrose']);
  });

  it('is case-insensitive and drops trailing full stops', () => {
    expect(parseIngredients('SUGAR, SALT, WHEAT FLOUR.')).toEqual(['sugar', 'salt', 'wheat flour']);
    expect(parseIngredients('Sugar. Salt.')).toEqual(['sugar', 'salt']);
  });

  it('joins OCR line breaks, hyphenated or not', () => {
    expect(parseIngredients('wheat\nflour, hazel-\nnuts, palm\r\noil, sugar')).toEqual([
      'wheat flour',
      'hazelnuts',
      'palm oil',
      'sugar',
    ]);
  });

  it('reads an "Ingredients:" heading as a label, and an allergen statement after the list as no ingredient', () => {
    expect(parseIngredients('INGREDIENTS: Sugar, salt. CONTAINS: MILK, SOY.')).toEqual(['sugar', 'salt']);
  });

  it('splits on semicolons, bullets and bars', () => {
    expect(parseIngredients('sugar; salt • pepper | oil')).toEqual(['sugar', 'salt', 'pepper', 'oil']);
  });

  it('reads unbalanced brackets without losing ingredients', () => {
    expect(parseIngredients('((((sugar, salt')).toEqual(['sugar', 'salt']);
    expect(parseIngredients('sugar))), salt')).toEqual(['sugar', 'salt']);
    expect(parseIngredients(`${'('.repeat(40)}sugar, salt${')'.repeat(40)}, pepper`)).toEqual([
      'sugar',
      'salt',
      'pepper',
    ]);
  });
});

describe('E-number spellings', () => {
  it.each([
    ['E471', 'E471'],
    ['E 471', 'E471'],
    ['e-471', 'E471'],
    ['e471.', 'E471'],
    ['E150d', 'E150d'],
    ['E 150d', 'E150d'],
    ['E160a', 'E160a'],
    ['E1422', 'E1422'],
  ])('reads %j as %s', (spelling, code) => {
    expect(codes(`water, ${spelling}`)).toEqual([code]);
  });

  it('reads a sub-index written in brackets as part of the number: E160a(ii), E322 (i)', () => {
    expect(codes('water, E160a(ii)')).toEqual(['E160aii']);
    expect(codes('water, E322 (i)')).toEqual(['E322i']);
    expect(parseIngredients('sugar, E160a(ii), salt')).toEqual(['sugar', 'e160aii', 'salt']);
  });

  it('counts E322 and E322i as one additive', () => {
    expect(analyseIngredients('E322, E322i, lecithin').additiveCount).toBe(1);
  });

  it('counts an E-number missing from the table as an additive', () => {
    const result = analyseIngredients('water, E1599');
    expect(result.additiveCount).toBe(1);
    expect(codes('water, E1599')).toEqual(['E1599']);
    // Unknown is not a concern by itself.
    expect(result.concerns).toEqual([]);
  });

  it('ignores words that only look like E-numbers', () => {
    expect(analyseIngredients('vitamin E, e 12, e12345, energy 100').additiveCount).toBe(0);
  });
});
