import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './generator/render-off-modules';
import { offNovaMarkers } from './generated/off-nova-markers';
import {
  additives,
  articles,
  concernIngredients,
  dietaryLists,
  processingReference,
  starterProducts,
} from './load';
import { articleAssetsDir, openFoodFactsDir } from './paths';
import { dietaryKeySchema, type DietaryKey } from './schemas';

const byCode = new Map(additives.map((a) => [a.code, a]));
const additive = (code: string) => {
  const found = byCode.get(code);
  if (!found) throw new Error(`no additive ${code}`);
  return found;
};

/** The E-numbers whose severity must be high. */
const specHighCodes = [
  'E102',
  'E104',
  'E110',
  'E124',
  'E129',
  'E211',
  'E220',
  'E221',
  'E222',
  'E223',
  'E224',
  'E250',
  'E951',
];

describe('additive table', () => {
  it('holds at least 150 E-numbers, each with a name, functional class, severity and short reason', () => {
    expect(additives.length).toBeGreaterThanOrEqual(150);
    for (const a of additives) {
      expect(a.code).toMatch(/^E(\d{3,4}[a-z]{0,4}|14xx)$/);
      expect(a.name.length).toBeGreaterThanOrEqual(2);
      expect(a.functionalClass).toBeTruthy();
      expect(['low', 'medium', 'high']).toContain(a.severity);
      expect(a.reason.length).toBeLessThanOrEqual(240);
    }
  });

  it.each(specHighCodes)('rates %s high, as the spec lists', (code) => {
    expect(additive(code).severity).toBe('high');
  });

  it('grades the rest from OFF: EFSA high overexposure → high, moderate → medium, ANSES of interest → at least medium', () => {
    const rows = parseCsv(readFileSync(join(openFoodFactsDir, 'additives.csv'), 'utf8'));
    let checked = 0;
    for (const row of rows) {
      const a = byCode.get(`E${row.e_number!.slice(1).toLowerCase()}`);
      if (!a) continue;
      checked++;
      if (row.efsa_overexposure_risk === 'high') expect(a.severity, a.code).toBe('high');
      if (row.efsa_overexposure_risk === 'moderate') expect(a.severity, a.code).not.toBe('low');
      if (row.anses_of_interest === 'yes') expect(a.severity, a.code).not.toBe('low');
    }
    expect(checked).toBe(additives.length);
  });

  it.each([
    ['monosodium glutamate', 'E621'],
    ['aspartame', 'E951'],
    ['soy lecithin', 'E322'],
    ['sunflower lecithin', 'E322'],
    ['sodium benzoate', 'E211'],
    ['sodium nitrite', 'E250'],
    ['tartrazine', 'E102'],
    ['yellow 5', 'E102'],
    ['red 40', 'E129'],
    ['sulphur dioxide', 'E220'],
    ['citric acid', 'E330'],
    ['xanthan gum', 'E415'],
    ['mono and diglycerides', 'E471'],
    ['baking soda', 'E500'],
    ['sucralose', 'E955'],
    ['acesulfame potassium', 'E950'],
    ['carrageenan', 'E407'],
    ['modified food starch', 'E14xx'],
  ])('recognises the label name %j as %s', (name, code) => {
    expect(additive(code).names).toContain(name);
  });

  it('does not claim vitamins and foods by name (riboflavin, beta carotene, saffron)', () => {
    const names = new Set(additives.flatMap((a) => a.names));
    for (const food of ['riboflavin', 'beta carotene', 'saffron', 'caramel', 'gold'])
      expect(names).not.toContain(food);
  });
});

describe('concern ingredients', () => {
  it('lists about 23, each with name, reason, severity and category', () => {
    expect(concernIngredients.length).toBeGreaterThanOrEqual(20);
    expect(concernIngredients.length).toBeLessThanOrEqual(30);
    for (const c of concernIngredients) {
      expect(c.name.length).toBeGreaterThanOrEqual(2);
      expect(c.reason.length).toBeGreaterThanOrEqual(10);
      expect(['low', 'medium', 'high']).toContain(c.severity);
      expect(c.category).toBeTruthy();
    }
  });

  it('links the ones that are additives to a known E-number', () => {
    for (const c of concernIngredients.filter((c) => c.additiveCode))
      expect(byCode.has(c.additiveCode!), c.id).toBe(true);
    const ids = concernIngredients.map((c) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining(['palm-oil', 'partially-hydrogenated-oil', 'msg', 'sodium-nitrite']),
    );
  });
});

describe('processing markers', () => {
  const markerTags = new Set(processingReference.ultraProcessedMarkers.map((m) => m.offTag));
  const ultraCodes = new Set(processingReference.ultraProcessedAdditiveCodes);

  it('turns every OFF NOVA 4 ingredient marker into a key ultra-processed marker', () => {
    for (const tag of offNovaMarkers['4'].ingredients) expect(markerTags, tag).toContain(tag);
  });

  it('turns every OFF NOVA 4 additive with a real E-number into an ultra-processed code', () => {
    const real = offNovaMarkers['4'].additives
      .map((t) => `E${t.replace(/^en:e/, '')}`)
      .filter((c) => /^E\d{3,4}[a-z]*$/.test(c));
    expect(real.length).toBeGreaterThan(100);
    for (const code of real) expect(ultraCodes, code).toContain(code);
  });

  it('counts the OFF NOVA 3 preservative and anti-caking markers and additives as processing terms', () => {
    const termTags = processingReference.processingTerms.map((t) => t.offTag).filter(Boolean);
    expect(termTags).toEqual(expect.arrayContaining(['en:preservative', 'en:anti-caking-agent']));
    const termCodes = Object.values(processingReference.processingTermAdditiveCodes).flat();
    expect(termCodes).toEqual(expect.arrayContaining(['E202', 'E250', 'E252']));
  });

  it('has the spec processing words and the six staple words', () => {
    expect(processingReference.processingWords).toEqual(expect.arrayContaining(['dried', 'smoked']));
    for (const staple of ['flour', 'starch', 'oil', 'sugar', 'salt', 'vinegar'] as const) {
      expect(processingReference.staples[staple]).toContain(staple);
    }
  });
});

describe('dietary keyword lists', () => {
  const list = (key: DietaryKey) => dietaryLists.find((l) => l.key === key)!;

  it('has one list for every preference', () => {
    expect(dietaryLists.map((l) => l.key).sort()).toEqual([...dietaryKeySchema.options].sort());
  });

  it('flags gluten grains and flour, except corn, rice, coconut and almond flour', () => {
    expect(list('noGluten').keywords).toEqual(expect.arrayContaining(['wheat', 'barley', 'rye', 'flour']));
    expect(list('noGluten').exceptions).toEqual(
      expect.arrayContaining(['corn flour', 'rice flour', 'coconut flour', 'almond flour']),
    );
  });

  it('flags dairy terms', () => {
    expect(list('noDairy').keywords).toEqual(
      expect.arrayContaining([
        'milk',
        'dairy',
        'cream',
        'yogurt',
        'cheese',
        'butter',
        'whey',
        'casein',
        'lactose',
      ]),
    );
    expect(list('noDairy').exceptions).toEqual(expect.arrayContaining(['cocoa butter', 'coconut milk']));
  });

  it('covers sweeteners, palm oil, nuts, soy and MSG', () => {
    expect(list('noArtificialSweeteners').keywords).toEqual(
      expect.arrayContaining(['aspartame', 'sucralose', 'saccharin']),
    );
    expect(list('noArtificialSweeteners').codes).toEqual(expect.arrayContaining(['E950', 'E951', 'E955']));
    expect(list('noPalmOil').keywords).toEqual(expect.arrayContaining(['palm oil', 'palm kernel oil']));
    expect(list('noNuts').keywords).toEqual(
      expect.arrayContaining(['peanut', 'almond', 'hazelnut', 'walnut', 'cashew']),
    );
    expect(list('noSoy').keywords).toEqual(expect.arrayContaining(['soy', 'soya', 'soybean']));
    expect(list('noMSG').keywords).toContain('monosodium glutamate');
    expect(list('noMSG').codes).toContain('E621');
    expect(list('organic').keywords).toEqual(['organic']);
  });
});

describe('articles', () => {
  it('has at least 6, each with an illustration shipped in the package', () => {
    expect(articles.length).toBeGreaterThanOrEqual(6);
    for (const a of articles) {
      expect(existsSync(join(articleAssetsDir, a.imageUrl.replace('/articles/', ''))), a.imageUrl).toBe(true);
    }
  });
});

describe('starter products', () => {
  it('has at least 12 products with ids 1 to 12', () => {
    expect(starterProducts.length).toBeGreaterThanOrEqual(12);
    const ids = new Set(starterProducts.map((p) => p.id));
    for (let id = 1; id <= 12; id++) expect(ids, `id ${id}`).toContain(id);
  });
});

describe('Open Food Facts attribution', () => {
  it('is kept in the generated modules and the source folder', () => {
    for (const file of ['off-additives.ts', 'off-nova-markers.ts']) {
      const text = readFileSync(join(import.meta.dirname, 'generated', file), 'utf8');
      expect(text).toContain('Open Database License (ODbL 1.0)');
      expect(text).toContain('Open Food Facts contributors');
    }
    expect(readFileSync(join(openFoodFactsDir, 'README.md'), 'utf8')).toContain('ODbL');
  });
});
