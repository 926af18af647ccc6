import { describe, expect, it } from 'vitest';
import './all-label-languages';
import { analyseIngredients } from './analyse';
import { labelLanguage } from './label-language';

/**
 * Labels in French, German, Spanish, Italian and Dutch, read with the words of Open Food Facts'
 * multilingual taxonomies; the verdict and its reasons are in English and quote the label's words.
 * The lists are real ones from Open Food Facts (ODbL 1.0, © Open Food Facts contributors).
 */
const labels = {
  fr: 'Farine de blé, sucre, huile de palme, amidon modifié de maïs, sirop de glucose, émulsifiant : lécithines de soja, sel, arôme naturel.',
  de: 'Weizenmehl, Zucker, Palmöl, Glukosesirup, modifizierte Stärke, Emulgator: Sojalecithine, Salz, Aroma.',
  es: 'Harina de trigo, azúcar, aceite de palma, jarabe de glucosa, almidón modificado, emulgente: lecitina de soja, sal, aroma.',
  it: 'Farina di frumento, zucchero, olio di palma, sciroppo di glucosio, amido modificato, emulsionante: lecitina di soia, sale, aromi.',
  nl: 'Tarwebloem, suiker, palmolie, glucosestroop, gemodificeerd zetmeel, emulgator: sojalecithine, zout, aroma.',
};

describe('the language of a label', () => {
  it.each(Object.entries(labels))('reads a %s list as written in that language', (language, text) => {
    expect(labelLanguage(text)).toBe(language);
  });

  it('reads an English list, and a list with no word it knows, as English', () => {
    expect(labelLanguage('Wheat flour, sugar, palm oil, emulsifier (soya lecithin), salt')).toBe('en');
    expect(labelLanguage('E330, E471')).toBe('en');
  });
});

describe('a label in another language gets a verdict in English quoting its own words', () => {
  it('given a French biscuit list, when analysed, then it is ultra-processed for its modified starch, glucose syrup and emulsifier', () => {
    const result = analyseIngredients(labels.fr);
    expect(result).toMatchObject({ rating: 'red', processingLevel: 'high', isUltraProcessed: true });
    expect(result.processingReason).toMatch(/^Contains .*amidon modifié de maïs/);
    expect(result.processingReason).toMatch(/sirop de glucose/);
    expect(result.processingReason).toMatch(/markers of ultra-processed food \(NOVA group 4\)/);
    expect(result.concerns.map((concern) => concern.name)).toContain('Palm oil');
  });

  it.each(['de', 'es', 'it', 'nl'] as const)(
    'given the same recipe in %s, when analysed, then it is ultra-processed with palm oil as a concern',
    (language) => {
      const result = analyseIngredients(labels[language]);
      expect(result.processingLevel).toBe('high');
      expect(result.concerns.map((concern) => concern.name)).toContain('Palm oil');
    },
  );

  it('given a French list of whole foods, when analysed, then it stays minimal and green', () => {
    const result = analyseIngredients('Pommes Golden 99,9%, jus concentré d’acérola.');
    expect(result).toMatchObject({ processingLevel: 'minimal', rating: 'green' });
  });

  it('given a French additive by its name, when analysed, then it is the additive of that E-number', () => {
    const result = analyseIngredients('Crème de lait, stabilisant : carraghénanes.');
    expect(result.additiveCount).toBe(1);
    expect(result.concerns.map((concern) => concern.name).join()).toMatch(/E407/);
  });
});
