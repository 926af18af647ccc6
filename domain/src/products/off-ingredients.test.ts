import { describe, expect, it } from 'vitest';
import { assessOffIngredients, offIngredientList } from './off-ingredients';

/** Real OFF records (export-sample.csv; data: Open Food Facts, ODbL 1.0, © Open Food Facts contributors). */
const foieGras = {
  text: 'Foie gras de canard, eau, sel, Armagnac, poivre, sucre, antioxydant : ascorbate de sodium, conservateur : nitrite de sodium.',
  language: 'fr',
  ingredientTags:
    'en:duck-foie-gras,en:poultry,en:duck,en:duck-liver,en:water,en:salt,en:armagnac,en:alcohol,en:pepper,en:seed,en:sugar,en:added-sugar,en:disaccharide,en:antioxidant,en:preservative,en:vitamin-c,en:vitamins,en:e250,en:e300'.split(
      ',',
    ),
  additiveTags: ['en:e250', 'en:e300'],
};

describe("the English list read from OFF's ingredient analysis", () => {
  it('names each ingredient by its English tag, then the additives by E-number from additives_tags only', () => {
    expect(
      offIngredientList({
        text: 'Sirop de glucose, colorant : caramel E150a, riboflavine',
        language: 'fr',
        ingredientTags: ['en:glucose-syrup', 'en:colour', 'en:e150a', 'en:riboflavin', 'fr:mot-inconnu'],
        additiveTags: ['en:e150a'],
      }),
    ).toBe('glucose syrup, colour, riboflavin, mot inconnu, e150a');
  });

  it('reads a vitamin OFF names for an additive of the list (vitamin C for ascorbate) as that additive, not an added vitamin', () => {
    const list = offIngredientList(foieGras);
    expect(list).not.toMatch(/vitamin/);
    const verdict = assessOffIngredients(foieGras, ['foies gras']);
    expect(verdict?.analysis.processingReason).toMatch(/^Shows 3 signs of industrial processing/);
  });

  it('gives no list, and so no verdict, when OFF recognised no ingredient', () => {
    const unknown = {
      text: 'Lorem, ipsum',
      language: null,
      ingredientTags: ['fr:lorem'],
      additiveTags: ['en:e330'],
    };
    expect(offIngredientList(unknown)).toBe('');
    expect(assessOffIngredients(unknown, [])).toBeNull();
  });
});
