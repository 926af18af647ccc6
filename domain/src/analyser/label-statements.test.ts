import { beforeAll, describe, expect, it } from 'vitest';
import type { Preferences } from '../contracts/preferences';
import './all-label-languages';
import { analyseIngredients } from './analyse';
import { inlineDietaryAlerts } from './dietary';
import { LABEL_LANGUAGES } from './label-language';
import { withoutLabelStatements } from './label-statements';
import { parseIngredients } from './parse-ingredients';
import { phraseIndex } from './phrase-index';

const dairyAndGlutenFree: Preferences = {
  noArtificialSweeteners: false,
  noPalmOil: false,
  organic: false,
  noGluten: true,
  noDairy: true,
  premiumAlerts: { noNuts: false, noSoy: false, noMSG: false, noENumbers: false },
};

const pasted =
  'Wheat Flour, Water, Rapeseed Oil. Allergens: contains Wheat. Not suitable for those with a Milk allergy. Suitable for vegetarians.';

describe('label statements after the list are not ingredients', () => {
  it('given a pasted list with allergen and suitability sentences, when analysed, then only the ingredients are chips', () => {
    // when
    const result = analyseIngredients(pasted, dairyAndGlutenFree);
    // then
    expect(result.cleanIngredients).toEqual(['wheat flour', 'water', 'rapeseed oil']);
  });

  it('given the same list, when dietary alerts are read, then "milk" in a statement raises no Dairy-Free alert', () => {
    // when
    const alerts = analyseIngredients(pasted, dairyAndGlutenFree).dietaryAlerts;
    // then
    expect(alerts.map((alert) => alert.preference)).toEqual(['noGluten']);
    expect(inlineDietaryAlerts(pasted).map((alert) => alert.preference)).toEqual(['noGluten']);
  });

  it.each([
    [
      'OCR line breaks in capitals',
      'WHEAT FLOUR, WATER,\nRAPESEED OIL\nALLERGY ADVICE: FOR ALLERGENS SEE\nINGREDIENTS IN BOLD',
    ],
    ['no full stops', 'wheat flour, water, rapeseed oil may contain traces of milk'],
    ['"Contains:"', 'Wheat flour, water, rapeseed oil. CONTAINS: MILK, SOY.'],
    ['a bare "Contains"', 'Wheat flour, water, rapeseed oil. Contains milk'],
    [
      '"For allergens"',
      'Wheat flour, water, rapeseed oil. For allergens, including cereals, see ingredients in bold.',
    ],
    ['the factory', 'Wheat flour, water, rapeseed oil. Made in a factory that also handles nuts.'],
    ['the trader', 'Wheat flour, water, rapeseed oil. Distributed by: Mill & Co, Leeds LS1'],
    ['the certifier', 'Wheat flour, water, rapeseed oil. Certified organic by QAI'],
    [
      'an imported HTML list',
      'Wheat flour, water, rapeseed oil.<br/>Not suitable for people with a <b>milk</b> allergy',
    ],
  ])('given %s, when parsed, then the list stops where the statement starts', (_name, text) => {
    expect(parseIngredients(text)).toEqual(['wheat flour', 'water', 'rapeseed oil']);
  });

  it('given "contains" inside an ingredient\'s brackets, when analysed, then it stays with that ingredient', () => {
    // given
    const text = 'Chocolate chips (sugar, cocoa butter, contains milk), oats';
    // when
    const alerts = inlineDietaryAlerts(text);
    // then
    expect(parseIngredients(text)).toContain('oats');
    expect(alerts.map((alert) => alert.preference)).toContain('noDairy');
  });

  it('given the clauses that end a list ("contains 2% or less of", "contains one or more of"), when parsed, then what follows is kept', () => {
    expect(parseIngredients('Corn, contains 2% or less of: salt, lime')).toEqual(['corn', 'salt', 'lime']);
    expect(parseIngredients('Corn, contains two percent or less of salt').at(-1)).toMatch(/salt$/);
    expect(parseIngredients('Rice, contains one or more of the following oils: canola, sunflower')).toContain(
      'sunflower',
    );
  });

  it('given a label that opens with "Contains:" and nothing else, when parsed, then it names the ingredients', () => {
    expect(parseIngredients('Contains: water, sugar, salt')).toEqual(['water', 'sugar', 'salt']);
  });

  it('given a statement before an "Ingredients:" heading, when parsed, then the list after the heading is read', () => {
    expect(parseIngredients('Allergy advice: see bold. Ingredients: Oats, Salt.')).toEqual(['oats', 'salt']);
  });

  it('keeps the case and text of what it keeps, for the photo reader to show', () => {
    expect(withoutLabelStatements('Oats, SALT. MAY CONTAIN NUTS')).toBe('Oats, SALT. ');
  });
});

describe('"may contain" and allergen advice in the other label languages are not ingredients', () => {
  const nutAndDairyFree: Preferences = {
    ...dairyAndGlutenFree,
    noGluten: false,
    premiumAlerts: { ...dairyAndGlutenFree.premiumAlerts, noNuts: true },
  };

  // Each language's phrase index is built on first use: slow on a busy machine, and no test's work.
  beforeAll(() => {
    for (const language of LABEL_LANGUAGES) phraseIndex(language);
  }, 120_000);

  it.each([
    ['French', 'Farine de blé, sucre, sel. Peut contenir des traces de fruits à coque et de lait.'],
    ['German', 'Weizenmehl, Zucker, Salz. Kann Spuren von Schalenfrüchten und Milch enthalten.'],
    ['Spanish', 'Harina de trigo, azúcar, sal. Puede contener trazas de frutos de cáscara y leche.'],
    ['Italian', 'Farina di frumento, zucchero, sale. Può contenere tracce di frutta a guscio e latte.'],
    ['Dutch', 'Tarwebloem, suiker, zout. Kan sporen van noten en melk bevatten.'],
  ])(
    'given a pasted %s list with a "may contain" sentence, when analysed, then the nuts and milk in it raise no alert',
    (_language, text) => {
      // when
      const result = analyseIngredients(text, nutAndDairyFree);
      // then
      expect(parseIngredients(text)).toHaveLength(3);
      expect(result.cleanIngredients.join()).not.toMatch(/lait|milch|leche|latte|melk/);
      expect(result.dietaryAlerts).toEqual([]);
    },
  );

  it.each([
    ['"Traces éventuelles de"', 'Farine de blé, sucre, sel. Traces éventuelles de fruits à coque.'],
    ['"Contient des traces de"', 'Farine de blé, sucre, sel. Contient des traces de fruits à coque.'],
    ['"Allergènes :"', 'Farine de blé, sucre, sel. Allergènes : voir les ingrédients en gras.'],
    ['"Kann … enthalten"', 'Weizenmehl, Zucker, Salz. Kann Milch und Nüsse enthalten.'],
    ['"Allergiehinweis"', 'Weizenmehl, Zucker, Salz. Allergiehinweis: enthält Gluten.'],
    ['"Eventuali tracce di"', 'Farina di frumento, zucchero, sale. Eventuali tracce di frutta a guscio.'],
    ['"Bevat sporen van"', 'Tarwebloem, suiker, zout. Bevat sporen van noten.'],
    [
      'an imported list with allergen marks',
      'Farine de <span class="allergen">blé</span>, sucre, sel. Peut contenir des traces de <span class="allergen">fruits à coque</span>.',
    ],
  ])('given %s, when parsed, then the list stops where the statement starts', (_name, text) => {
    expect(parseIngredients(text)).toHaveLength(3);
  });

  it('given "may contain" inside an ingredient\'s brackets, when cut, then it stays with that ingredient', () => {
    const text = 'Chocolat (peut contenir lait), sucre';
    expect(withoutLabelStatements(text)).toBe(text);
  });
});
