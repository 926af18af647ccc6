import { describe, expect, it } from 'vitest';
import { defaultPreferences, type Preferences } from '../contracts/preferences';
import { analyseIngredients } from './analyse';
import { dietaryFlags, inlineDietaryAlerts } from './dietary';

type Flag = Exclude<keyof Preferences, 'premiumAlerts'> | keyof Preferences['premiumAlerts'];

function only(flag: Flag): Preferences {
  if (flag in defaultPreferences.premiumAlerts) {
    return { ...defaultPreferences, premiumAlerts: { ...defaultPreferences.premiumAlerts, [flag]: true } };
  }
  return { ...defaultPreferences, [flag]: true };
}

/** The words that set off the alert for `flag`, or null when there is no alert. */
function alertFor(text: string, flag: Flag): string[] | null {
  const alerts = analyseIngredients(text, only(flag)).dietaryAlerts;
  expect(alerts.every((a) => a.preference === flag)).toBe(true);
  return alerts[0]?.matches ?? null;
}

describe('dietary alerts', () => {
  it('gives none without preferences, or with every preference off', () => {
    expect(analyseIngredients('wheat flour, milk, aspartame').dietaryAlerts).toEqual([]);
    expect(analyseIngredients('wheat flour, milk, aspartame', defaultPreferences).dietaryAlerts).toEqual([]);
  });

  describe('organic', () => {
    it('alerts when the word organic is absent', () => {
      expect(alertFor('oats, raisins', 'organic')).toEqual([]);
      expect(analyseIngredients('oats', only('organic')).dietaryAlerts[0]).toMatchObject({
        label: 'Organic',
        message: 'No organic ingredients are listed.',
      });
    });

    it.each(['organic oats', 'ORGANIC OATS', 'oats (organic)'])('does not alert for %j', (text) => {
      expect(alertFor(text, 'organic')).toBeNull();
    });
  });

  describe('noGluten', () => {
    it.each([
      ['wheat flour', ['wheat', 'flour']],
      ['flour', ['flour']],
      ['barley malt', ['barley', 'malt']],
      ['rye', ['rye']],
      ['spelt', ['spelt']],
      ['oat flour', ['flour']],
    ])('alerts for %j', (text, matches) => {
      expect(alertFor(text, 'noGluten')).toEqual(matches);
    });

    it.each([
      'corn flour',
      'rice flour',
      'coconut flour',
      'almond flour',
      'Rice Flour',
      'cornflour',
      'buckwheat',
      'gluten-free oats',
    ])('does not alert for %j', (text) => {
      expect(alertFor(text, 'noGluten')).toBeNull();
    });

    it('still alerts for wheat flour listed beside an exception', () => {
      expect(alertFor('rice flour, wheat flour', 'noGluten')).toEqual(['wheat', 'flour']);
    });
  });

  describe('noDairy', () => {
    it.each([
      'milk',
      'dairy',
      'cream',
      'yogurt',
      'cheese',
      'butter',
      'whey',
      'casein',
      'lactose',
      'buttermilk',
      'skimmed milk powder',
    ])('alerts for %j', (text) => {
      expect(alertFor(text, 'noDairy')).not.toBeNull();
    });

    it.each([
      'cocoa butter',
      'peanut butter',
      'coconut milk',
      'oat milk',
      'cream of tartar',
      'dairy-free spread',
      'no milk',
    ])('does not alert for %j', (text) => {
      expect(alertFor(text, 'noDairy')).toBeNull();
    });
  });

  it.each([
    ['aspartame', ['aspartame']],
    ['sucralose', ['sucralose']],
    ['acesulfame K', ['acesulfame k']],
    ['E951', ['e951']],
  ])('noArtificialSweeteners alerts for %j', (text, matches) => {
    expect(alertFor(text, 'noArtificialSweeteners')).toEqual(matches);
  });

  it('noArtificialSweeteners does not alert for sugar or stevia', () => {
    expect(alertFor('sugar, honey, stevia', 'noArtificialSweeteners')).toBeNull();
  });

  it('noPalmOil alerts for palm oil and palm kernel oil, not palm sugar or hearts of palm', () => {
    expect(alertFor('palm kernel oil', 'noPalmOil')).toEqual(['palm kernel oil']);
    expect(alertFor('vegetable oils (palm, rapeseed)', 'noPalmOil')).toEqual(['palm']);
    expect(alertFor('palm sugar, hearts of palm', 'noPalmOil')).toBeNull();
  });

  describe('premium alerts', () => {
    it('noNuts alerts for tree nuts and peanuts, not nutmeg, coconut or butternut', () => {
      expect(alertFor('almonds, hazelnuts, peanuts', 'noNuts')).toEqual(['almonds', 'hazelnuts', 'peanuts']);
      expect(alertFor('nutmeg, coconut, butternut squash', 'noNuts')).toBeNull();
    });

    it('noSoy alerts for soy in any form', () => {
      expect(alertFor('soy lecithin', 'noSoy')).toEqual(['soy lecithin']);
      expect(alertFor('soybean oil, tofu', 'noSoy')).toEqual(['soybean', 'tofu']);
      expect(alertFor('sunflower lecithin', 'noSoy')).toBeNull();
    });

    it('noMSG alerts for MSG by name, abbreviation or number, and other glutamates', () => {
      expect(alertFor('monosodium glutamate', 'noMSG')).toEqual(['monosodium glutamate']);
      expect(alertFor('MSG', 'noMSG')).toEqual(['msg']);
      expect(alertFor('E621', 'noMSG')).toEqual(['e621']);
      expect(alertFor('yeast extract', 'noMSG')).toEqual(['yeast extract']);
      expect(alertFor('salt', 'noMSG')).toBeNull();
    });

    it('noENumbers alerts for every additive, by code, whether written as a number or a name', () => {
      expect(alertFor('citric acid, E300, e 322', 'noENumbers')).toEqual(['E330', 'E300', 'E322']);
      expect(alertFor('apples, vitamin E', 'noENumbers')).toBeNull();
    });

    it('gives a message naming what was found', () => {
      const [alert] = analyseIngredients('MSG', only('noMSG')).dietaryAlerts;
      expect(alert).toMatchObject({ label: 'No MSG', message: 'Contains MSG or other glutamates: msg.' });
    });
  });

  it('gives every wanted alert at once, in preference order', () => {
    const all: Preferences = {
      noArtificialSweeteners: true,
      noPalmOil: true,
      organic: true,
      noGluten: true,
      noDairy: true,
      premiumAlerts: { noNuts: true, noSoy: true, noMSG: true, noENumbers: true },
    };
    const text = 'wheat flour, palm oil, milk, hazelnuts, soy lecithin, aspartame, monosodium glutamate';
    expect(analyseIngredients(text, all).dietaryAlerts.map((a) => a.preference)).toEqual([
      'noArtificialSweeteners',
      'noPalmOil',
      'organic',
      'noGluten',
      'noDairy',
      'noNuts',
      'noSoy',
      'noMSG',
      'noENumbers',
    ]);
  });
});

describe('inlineDietaryAlerts', () => {
  it('shows the dairy and gluten alerts whatever the preferences', () => {
    expect(inlineDietaryAlerts('wheat flour, milk, aspartame, peanuts').map((a) => a.preference)).toEqual([
      'noGluten',
      'noDairy',
    ]);
    expect(inlineDietaryAlerts('rice flour, coconut milk')).toEqual([]);
  });
});

describe('dietaryFlags', () => {
  it('lists every preference the label alerts, as the alerts would for someone who has it on', () => {
    expect(dietaryFlags('Wheat flour, milk, soya lecithin, hazelnuts, salt')).toEqual([
      'organic',
      'noGluten',
      'noDairy',
      'noNuts',
      'noSoy',
      'noENumbers', // soya lecithin is E322
    ]);
    expect(dietaryFlags('Organic rolled oats')).toEqual([]);
  });
});
