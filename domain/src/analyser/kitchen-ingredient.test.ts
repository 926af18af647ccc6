import { describe, expect, it } from 'vitest';
import { analyseIngredients } from './analyse';

describe('a kitchen ingredient sold with its own parts or seasonings is that ingredient, not a food with it added', () => {
  it.each([
    ['wine vinegar and grape must', 'Wine vinegar, concentrated grape must', 'Vinegar'],
    ['a balsamic vinegar with caramel', 'Wine vinegar, cooked grape must, caramel', 'Vinegar'],
    [
      'a white wine vinegar with balsamic',
      'White wine vinegar, balsamic vinegar of Modena (wine vinegar, concentrated grape must)',
      'Vinegar',
    ],
    [
      'a balsamic glaze, grape must first',
      'Concentrated grape must, balsamic vinegar of Modena (wine vinegar, cooked grape must)',
      'Vinegar',
    ],
    [
      'a fig condiment with balsamic',
      'Balsamic vinegar of Modena (wine vinegar, cooked grape must), fig puree',
      'Vinegar',
    ],
    ['a raw apple cider vinegar with water', 'Raw apple cider vinegar, water', 'Vinegar'],
    ['creamed honey with cinnamon', 'Creamed honey, cinnamon', 'Honey'],
    ['sweet-potato vermicelli', 'Purple sweet potato starch, water', 'Starch'],
    ['an olive oil with garlic and chilli', 'Olive oil, garlic, chilli', 'Oil'],
  ])('given %s, when analysed, then it is minimal and its reason says what it is', (_name, text, kind) => {
    // when
    const result = analyseIngredients(text);
    // then
    expect(result).toMatchObject({ processingLevel: 'minimal', isProcessed: false, rating: 'green' });
    expect(result.processingReason).toBe(
      `${kind} with its own ingredients or seasonings: a culinary ingredient in itself (NOVA group 2), not a food with ${kind.toLowerCase()} added.`,
    );
    expect(result.processingReason).not.toMatch(/Look for a version without added/);
  });

  it.each([
    [
      'a balsamic glaze thickened with starch',
      'Balsamic vinegar of Modena (wine vinegar, cooked grape must), concentrated grape must, rice starch',
      'Vinegar and starch',
    ],
    [
      'a fig condiment with sugar',
      'Balsamic vinegar of Modena (wine vinegar, grape must), figs, sugar',
      'Vinegar and sugar',
    ],
    ['salted butter', 'Butter (milk), salt', 'Butter and salt'],
  ])(
    'given %s (kitchen ingredients and their own parts), when analysed, then it is minimal',
    (_name, text, kinds) => {
      // when
      const result = analyseIngredients(text);
      // then
      expect(result.processingLevel).toBe('minimal');
      expect(result.processingReason).toBe(
        `${kinds}: culinary ingredients in themselves (NOVA group 2), not a food with them added.`,
      );
    },
  );

  it('given a vinegar whose label states its strength ("5% acidity"), when analysed, then the strength is no ingredient', () => {
    // given
    const text = 'Organic raw unfiltered apple cider vinegar, 5% acidity';
    // when
    const result = analyseIngredients(text);
    // then
    expect(result.processingLevel).toBe('minimal');
    expect(result.cleanIngredients).toEqual(['organic raw unfiltered apple cider vinegar']);
    expect(result.processingReason).toBe(
      'Vinegar: a culinary ingredient in itself (NOVA group 2), not a food with vinegar added.',
    );
  });

  it('given an organic footnote after the list ("*organic"), when analysed, then the footnote is no food the honey is added to', () => {
    // given
    const text = 'Raw honey*, cinnamon*. *Organic. **Fairtrade certified';
    // when
    const result = analyseIngredients(text);
    // then
    expect(result.processingLevel).toBe('minimal');
    expect(result.cleanIngredients).toEqual(['cinnamon']);
  });

  it.each([
    ['a hot sauce: a vinegar salted', 'Distilled vinegar, red pepper, salt'],
    [
      'a mustard: vinegar and salt with the seed',
      'Distilled vinegar, mustard seed, water, salt, turmeric, paprika',
    ],
    ['a honey mustard', 'Honey, mustard seed, vinegar, turmeric'],
    ['a lemonade: water first', 'Water, cane sugar, lemon juice'],
    ['a syrup drink: water first', 'Water, honey, ginger'],
    ['a seasoned food: the spice first', 'Garlic, salt'],
    ['pickles', 'Cucumbers, water, vinegar, salt, dill, garlic'],
    ['fruit in syrup', 'Peaches, water, sugar'],
    ['a sweetened cocoa', 'Sugar, cocoa'],
  ])('given %s, when analysed, then it stays a processed food (NOVA 3)', (_name, text) => {
    expect(analyseIngredients(text)).toMatchObject({ processingLevel: 'moderate', isProcessed: true });
  });
});
