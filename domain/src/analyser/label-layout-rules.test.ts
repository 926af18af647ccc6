import { describe, expect, it } from 'vitest';
import { analyseIngredients } from './analyse';
import { parseIngredients } from './parse-ingredients';

/**
 * Rules of food science and label layout, each on real label texts: an ingredient's allergen
 * note (the UK/EU layout), isolated fibres, purpose phrases, added vitamins, claim words,
 * percentages without commas and E-numbers written as numbers.
 */

const ukBiscuits =
  'Wheatflour contains Gluten (With Wheatflour, Calcium Carbonate, Iron, Niacin, Thiamin), Sugar, Palm Oil, ' +
  'Glucose Syrup, Whey Powder (Milk), Raising Agents (Sodium Bicarbonate, Ammonium Bicarbonate), Salt, ' +
  'Flavouring. Allergy Advice: For allergens, including cereals containing gluten, see ingredients in bold.';

describe("an ingredient's allergen note is not a label statement (Regulation 1169/2011, art. 21)", () => {
  it('given a UK biscuit list naming gluten after the flour, when parsed, then every ingredient is read', () => {
    expect(parseIngredients(ukBiscuits)).toEqual([
      'wheatflour',
      'wheatflour',
      'calcium carbonate',
      'iron',
      'niacin',
      'thiamin',
      'sugar',
      'palm oil',
      'glucose syrup',
      'whey powder',
      'raising agents',
      'sodium bicarbonate',
      'ammonium bicarbonate',
      'salt',
      'flavouring',
    ]);
  });

  it('given the same list, when analysed, then it is ultra-processed and red, with its markers and palm oil named', () => {
    const result = analyseIngredients(ukBiscuits);
    expect(result).toMatchObject({ rating: 'red', processingLevel: 'high', isUltraProcessed: true });
    expect(result.processingReason).toMatch(/^Contains glucose syrup, whey powder and flavouring, markers/);
    expect(result.concerns.map((concern) => concern.name)).toContain('Palm oil');
    expect(result.cleanIngredients).not.toContain('sugar');
  });

  it.each([
    [
      'a statement that starts its own sentence',
      'Oat flakes, sugar. Contains Oats, Milk',
      ['oat flakes', 'sugar'],
    ],
    [
      'a statement without its full stop naming only allergens',
      'Sugar, Palm Oil contains Milk, Soy',
      ['sugar', 'palm oil'],
    ],
    ['"Contains:" with a colon', 'Wheat flour, water contains: gluten, sesame', ['wheat flour', 'water']],
  ])('given %s, when parsed, then it is still cut off', (_name, text, expected) => {
    expect(parseIngredients(text)).toEqual(expected);
  });
});

describe('isolated fibres are markers of ultra-processed food', () => {
  it.each([
    ['inulin', 'Rolled oats, inulin, dried cranberries'],
    ['chicory root fibre', 'Cereal flakes (wheat, rice), chicory root fibre, salt'],
    ['oat fibre', 'Water, wheat flour, oat fibre, yeast, salt'],
    ['polydextrose', 'Cocoa mass, polydextrose, cocoa butter'],
    ['polydextrose by its number', 'Cocoa mass, E1200, cocoa butter'],
  ])('given %s, when analysed, then the product is high and the fibre is named', (_name, text) => {
    const result = analyseIngredients(text);
    expect(result.processingLevel).toBe('high');
    expect(result.processingReason).toMatch(/marker of ultra-processed food/);
  });
});

describe('a purpose phrase states the job of the additive before it', () => {
  it('given potatoes with sodium bisulfite "added for colour retention", when analysed, then no colour is read', () => {
    const result = analyseIngredients('Potatoes, Sodium Bisulfite (added for colour retention)');
    expect(result.processingLevel).toBe('minimal');
    expect(result.additiveCount).toBe(1);
    expect(result.processingReason).not.toMatch(/colour/);
  });

  it('given a bread with "calcium propionate (to preserve freshness)", when analysed, then one preservative is counted, not a second term', () => {
    const result = analyseIngredients(
      'Wheat flour, water, yeast, salt, calcium propionate (to preserve freshness)',
    );
    expect(result.additiveCount).toBe(1);
    expect(result.processingReason).not.toMatch(/preserve freshness/);
  });

  it('given a heading that names a part ("for the filling:"), when analysed, then what follows it counts', () => {
    const result = analyseIngredients('For the filling: sugar, glucose syrup, apple');
    expect(result.processingLevel).toBe('high');
  });
});

describe('fortification means added vitamins', () => {
  it('given a cake mix with calcium carbonate and a raising agent but no vitamin, when analysed, then it is no fortified formulation', () => {
    const result = analyseIngredients(
      'Wheat flour, sugar, calcium carbonate, raising agent: sodium bicarbonate, salt',
    );
    expect(result.processingLevel).toBe('moderate');
    expect(result.processingReason).not.toMatch(/fortified formulation/);
  });

  it('given an oat drink with rapeseed oil, a phosphate and vitamins, when analysed, then it is one', () => {
    const result = analyseIngredients(
      'Oat base (water, oats), rapeseed oil, acidity regulator (dipotassium phosphate), calcium carbonate, iodised salt, vitamins (D2, riboflavin, B12)',
    );
    expect(result.processingLevel).toBe('high');
    expect(result.processingReason).toMatch(/fortified formulation/);
  });
});

describe('an element made only of claim words names no ingredient', () => {
  it('given "Honey, raw", when analysed, then it is a honey sold as itself', () => {
    const result = analyseIngredients('Honey, raw');
    expect(result).toMatchObject({ processingLevel: 'minimal', rating: 'green' });
    expect(result.processingReason).toMatch(/^Honey: a culinary ingredient in itself/);
  });

  it('given almonds with "certified organic" and "non-GMO", when analysed, then only the almonds are clean ingredients', () => {
    expect(analyseIngredients('Almonds, certified organic, Non-GMO, 100% pure').cleanIngredients).toEqual([
      'almonds',
    ]);
  });
});

describe('a bracketed percentage closes the ingredient it follows when the commas are missing', () => {
  it('given "Corn (53%) Sugar Rapeseed Oil", when analysed, then the corn has sugar and oil added', () => {
    expect(parseIngredients('Corn (53%) Sugar Rapeseed Oil')[0]).toBe('corn');
    const result = analyseIngredients('Corn (53%) Sugar Rapeseed Oil');
    expect(result.processingLevel).toBe('moderate');
    expect(result.processingReason).toMatch(/^A food with added sugar and oil/);
  });
});

describe('an E-number and its name are the same additive for every rule', () => {
  it.each([
    ['E322', 'Sugar, cocoa butter, whole milk powder, E322'],
    ['lecithin', 'Sugar, cocoa butter, whole milk powder, lecithin'],
  ])('given chocolate with %s, when analysed, then it is high with an emulsifier marker', (_name, text) => {
    const result = analyseIngredients(text);
    expect(result.processingLevel).toBe('high');
    expect(result.processingReason).toMatch(/^Contains lecithins?, a marker of ultra-processed food/);
  });
});
