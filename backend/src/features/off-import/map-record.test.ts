import fc from 'fast-check';
import {
  CATEGORY_COUNT_LIMIT,
  TEXT_LIMITS,
  importedProductSchema,
  offProductSourceSchema,
  assessIngredients,
  cleanText,
} from '@labelwise/domain';
import { describe, expect, it } from 'vitest';
import {
  mapOffRecord,
  OFF_CSV_COLUMNS,
  OFF_JSONL_FIELDS,
  toImportCandidate,
  type Assess,
  type MappedRecord,
} from './map-record';
import { frontImageUrl, offImageFolder } from './off-image';
import { readOffRecords, type JsonObject, type RawRecord } from './read-records';
import { csvSample, jsonlSample } from '../../../testing/off-import-samples';

async function mapAll(file: string, columns?: readonly string[]): Promise<MappedRecord[]> {
  const { records } = await readOffRecords(file, columns ? { columns } : {});
  const out: MappedRecord[] = [];
  for await (const record of records) out.push(mapOffRecord(record));
  return out;
}

function tally(mapped: MappedRecord[]): Record<string, number> {
  const count: Record<string, number> = {};
  for (const m of mapped) {
    const key =
      m.kind === 'skip'
        ? `skip: ${m.reason}`
        : (m.source.unratedReason ?? (m.source.ingredientsText ? 'english' : "OFF's ingredient analysis"));
    count[key] = (count[key] ?? 0) + 1;
  }
  return count;
}

const jsonl = (doc: JsonObject, line = 1): RawRecord => ({ kind: 'jsonl', line, doc });
const csv = (fields: Record<string, string>, line = 2): RawRecord => ({ kind: 'csv', line, fields });
const product = (m: MappedRecord) => {
  if (m.kind !== 'product') throw new Error(`expected a product, got ${JSON.stringify(m)}`);
  return m.source;
};
const base = { code: '5000112637922', product_name: 'Cola', last_modified_t: 1700000000 };

describe('mapOffRecord on the real samples', () => {
  it("CSV: 810 rows, all with barcode and name; 17 with English ingredients, 130 read from OFF's ingredient analysis", async () => {
    const mapped = await mapAll(csvSample);
    expect(tally(mapped)).toEqual({
      english: 17,
      "OFF's ingredient analysis": 130,
      'ingredients not in English': 6,
      'no ingredients': 657,
    });
    for (const m of mapped) if (m.kind === 'product') offProductSourceSchema.parse(m.source);
  });

  it('CSV read with only OFF_CSV_COLUMNS maps the same', async () => {
    expect(await mapAll(csvSample, OFF_CSV_COLUMNS)).toEqual(await mapAll(csvSample));
  });

  it("JSONL: 100 documents; 73 with English ingredients, 8 read from OFF's ingredient analysis", async () => {
    const mapped = await mapAll(jsonlSample);
    expect(tally(mapped)).toEqual({ english: 73, "OFF's ingredient analysis": 8, 'no ingredients': 19 });
    for (const m of mapped) if (m.kind === 'product') offProductSourceSchema.parse(m.source);
  });

  it('JSONL: the fields of a real English product', async () => {
    const source = (await mapAll(jsonlSample)).map((m) => (m.kind === 'product' ? m.source : null));
    expect(source.find((s) => s?.code === '0000159487776')).toEqual({
      code: '0000159487776',
      barcodeKeys: ['0000159487776', '000159487776'],
      name: 'Magic Stars Chocolates',
      brand: 'Milkyway',
      ingredientsText:
        'SUGAR, COCOA BUTTER, SKIMMED MILK POWDER, COCOA MASS, WHEY POWDER (FROM MILK), LACTOSE, MILK FAT, EMULSIFIER (SOYA LECITHIN), NATURAL VANILLA EXTRACT.',
      unratedReason: null,
      offIngredients: null,
      novaGroup: 4,
      nutriScoreGrade: null,
      nutrition: {
        energyKcal: 217,
        fat: 34.7,
        saturatedFat: null,
        sugars: 53.6,
        salt: null,
        fiber: null,
        proteins: 6.4,
      },
      quantity: '100 g',
      categories: [],
      imageUrl: 'https://images.openfoodfacts.org/images/products/000/015/948/7776/front_en.3.400.jpg',
      lastModifiedT: 1740179802,
      offUrl: 'https://world.openfoodfacts.org/product/0000159487776',
      sourceFormat: 'jsonl',
    });
  });
});

describe('mapOffRecord skip reasons', () => {
  it('malformed line, no barcode, not food, no name, no last_modified_t', () => {
    const skip = (m: MappedRecord) => (m.kind === 'skip' ? m.reason : 'product');
    expect(skip(mapOffRecord({ kind: 'malformed', format: 'jsonl', line: 3, reason: 'invalid JSON' }))).toBe(
      'malformed',
    );
    expect(skip(mapOffRecord(jsonl({ ...base, code: '' })))).toBe('no barcode');
    expect(skip(mapOffRecord(csv({ ...base, code: '  ', last_modified_t: '1' })))).toBe('no barcode');
    expect(skip(mapOffRecord(jsonl({ ...base, code: '0000' })))).toBe('no barcode');
    expect(skip(mapOffRecord(jsonl({ ...base, product_type: 'beauty' })))).toBe('not food');
    expect(skip(mapOffRecord(jsonl({ ...base, product_type: 'petfood' })))).toBe('not food');
    expect(skip(mapOffRecord(jsonl({ ...base, categories_tags: ['en:non-food-products'] })))).toBe(
      'not food',
    );
    expect(
      skip(
        mapOffRecord(
          csv({ code: '1', product_name: 'Soap', last_modified_t: '1', categories_tags: 'en:cosmetics' }),
        ),
      ),
    ).toBe('not food');
    expect(skip(mapOffRecord(jsonl({ ...base, product_name: '  ' })))).toBe('no name');
    expect(skip(mapOffRecord(jsonl({ ...base, product_name: 'undefined' })))).toBe('no name');
    expect(mapOffRecord(jsonl({ ...base, last_modified_t: 'soon' }))).toMatchObject({
      kind: 'skip',
      reason: 'malformed',
      detail: 'no last_modified_t',
    });
    expect(skip(mapOffRecord(jsonl({ ...base, product_type: 'food' })))).toBe('product');
  });

  it('takes the barcode from _id when a document has no code', () => {
    const { code: _code, ...rest } = base;
    expect(product(mapOffRecord(jsonl({ ...rest, _id: '0012345678905' }))).barcodeKeys).toEqual([
      '0012345678905',
      '012345678905',
    ]);
  });
});

describe('mapOffRecord fields', () => {
  it('prefers the English name, takes the first brand, English category tags as words', () => {
    const source = product(
      mapOffRecord(
        jsonl({
          ...base,
          product_name: 'Gâteau',
          product_name_en: 'Cake',
          brands: 'Brand A, Brand B',
          categories_tags: ['en:snacks', 'fr:gateaux-bretons', 'en:sweet-snacks', 'en:null'],
        }),
      ),
    );
    expect(source).toMatchObject({ name: 'Cake', brand: 'Brand A', categories: ['snacks', 'sweet snacks'] });
  });

  it('JSONL ingredients: _en first, else the main text when lang is en, else unrated with the reason', () => {
    const raw = 'Sugar, <span class="allergen">milk</span> &amp; _hazelnuts_';
    const of = (doc: JsonObject) => {
      const s = product(mapOffRecord(jsonl({ ...base, ...doc })));
      return [s.ingredientsText, s.unratedReason];
    };
    expect(of({ lang: 'fr', ingredients_text: 'Sucre', ingredients_text_en: raw })).toEqual([raw, null]);
    expect(of({ lang: 'en', ingredients_text: raw })).toEqual([raw, null]);
    expect(of({ lang: 'fr', ingredients_text: 'Sucre', ingredients_text_fr: 'Sucre' })).toEqual([
      null,
      'ingredients not in English',
    ]);
    expect(of({ lang: 'de', ingredients_text_de: 'Zucker' })).toEqual([null, 'ingredients not in English']);
    expect(of({ lang: 'en' })).toEqual([null, 'no ingredients']);
  });

  it("a list not in English keeps OFF's reading of it: the list as printed, its language and OFF's tags", () => {
    const source = product(
      mapOffRecord(
        jsonl({
          ...base,
          lang: 'fr',
          ingredients_text_fr: 'Farine de blé, sucre, émulsifiant : lécithine de soja',
          ingredients_tags: ['en:wheat-flour', 'en:cereal', 'en:sugar', 'en:emulsifier', 'en:soya-lecithin'],
          additives_tags: ['en:e322'],
        }),
      ),
    );
    expect(source).toMatchObject({
      ingredientsText: null,
      unratedReason: null,
      offIngredients: {
        text: 'Farine de blé, sucre, émulsifiant : lécithine de soja',
        language: 'fr',
        ingredientTags: ['en:wheat-flour', 'en:cereal', 'en:sugar', 'en:emulsifier', 'en:soya-lecithin'],
        additiveTags: ['en:e322'],
      },
    });
    const unknownWords = product(
      mapOffRecord(
        csv({
          ...base,
          last_modified_t: '1',
          ingredients_text: 'Lorem ipsum',
          ingredients_tags: 'fr:lorem-ipsum',
        }),
      ),
    );
    expect(unknownWords).toMatchObject({ offIngredients: null, unratedReason: 'ingredients not in English' });
  });

  it('CSV ingredients: no language column, so the text is checked', () => {
    const of = (fields: Record<string, string>) => {
      const s = product(mapOffRecord(csv({ code: '1', product_name: 'X', last_modified_t: '1', ...fields })));
      return s.unratedReason;
    };
    expect(of({ ingredients_text: 'Wheat flour, sugar, salt.', countries_tags: 'en:france' })).toBeNull();
    expect(of({ ingredients_text: 'Farine de blé, sucre, sel.', countries_tags: 'en:france' })).toBe(
      'ingredients not in English',
    );
    expect(of({ ingredients_text: 'undefined', countries_tags: 'en:united-states' })).toBe('no ingredients');
    expect(of({ ingredients_text: '' })).toBe('no ingredients');
  });

  it('CSV numbers and grades from strings; kcal from kJ and salt from sodium when missing', () => {
    const source = product(
      mapOffRecord(
        csv({
          code: '0012345678905',
          product_name: 'Oats',
          last_modified_t: '1700000001',
          nova_group: '1',
          nutriscore_grade: 'A',
          'energy-kj_100g': '1569',
          fat_100g: '7',
          'saturated-fat_100g': '1.2',
          sugars_100g: '',
          sodium_100g: '0.004',
          fiber_100g: 'abc',
          proteins_100g: '-1',
          quantity: '1 kg',
          image_url: 'https://images.openfoodfacts.org/images/products/001/234/567/8905/front_en.3.400.jpg',
        }),
      ),
    );
    expect(source).toMatchObject({
      novaGroup: 1,
      nutriScoreGrade: 'a',
      nutrition: {
        energyKcal: 375,
        fat: 7,
        saturatedFat: 1.2,
        sugars: null,
        salt: 0.01,
        fiber: null,
        proteins: null,
      },
      quantity: '1 kg',
      imageUrl: 'https://images.openfoodfacts.org/images/products/001/234/567/8905/front_en.3.400.jpg',
      lastModifiedT: 1700000001,
      sourceFormat: 'csv',
    });
    const extended = { ...base, last_modified_t: { $numberLong: '1700000002' } };
    expect(product(mapOffRecord(jsonl(extended))).lastModifiedT).toBe(1700000002);
    expect(
      product(mapOffRecord(jsonl({ ...base, nova_group: 5, nutriscore_grade: 'unknown' }))),
    ).toMatchObject({
      novaGroup: null,
      nutriScoreGrade: null,
    });
  });
});

describe('front image URL of a JSONL document', () => {
  it('builds the folder from the padded barcode', () => {
    expect(offImageFolder('26053561')).toBe('000/002/605/3561');
    expect(offImageFolder('3017620422003')).toBe('301/762/042/2003');
  });

  it('prefers English, then the product language, in either images shape', () => {
    const images = { selected: { front: { fr: { rev: '4' }, en: { rev: 9 } } } };
    expect(frontImageUrl('3017620422003', images, 'fr')).toBe(
      'https://images.openfoodfacts.org/images/products/301/762/042/2003/front_en.9.400.jpg',
    );
    expect(frontImageUrl('3017620422003', { front_de: { rev: '3' }, front_fr: { rev: '5' } }, 'fr')).toMatch(
      /front_fr\.5\.400\.jpg$/,
    );
    expect(frontImageUrl('1', { uploaded: {} }, 'en')).toBeNull();
  });
});

describe('toImportCandidate', () => {
  const assess: Assess = (ingredients, categories) => ({
    rating: 'green',
    analysis: {
      rating: 'green',
      processingLevel: 'minimal',
      additiveCount: ingredients.length > 0 ? 0 : 1,
      isProcessed: categories.length > 0,
      isUltraProcessed: false,
      concerns: [],
    },
  });

  it('rates English ingredients and leaves the rest Unrated; payloads fit the event schema', () => {
    const english = product(mapOffRecord(jsonl({ ...base, lang: 'en', ingredients_text: 'Oats.' })));
    const rated = toImportCandidate(english, assess);
    expect(rated.rating).toBe('green');
    expect(importedProductSchema.parse({ ...rated, productId: 7 }).ingredientsText).toBe('Oats.');
    const french = product(mapOffRecord(jsonl({ ...base, lang: 'fr', ingredients_text: 'Avoine.' })));
    expect(french.offIngredients).toBeNull();
    const unrated = toImportCandidate(french, assess);
    expect(unrated).toMatchObject({
      rating: null,
      analysis: null,
      unratedReason: 'ingredients not in English',
    });
    expect(importedProductSchema.safeParse({ ...unrated, productId: 8 }).success).toBe(true);
  });

  it("rates a list not in English from OFF's tags, saying so and quoting the list as printed", () => {
    const french = product(
      mapOffRecord(
        csv({
          ...base,
          last_modified_t: '1',
          ingredients_text: 'Farine de blé, sucre, huile de palme, émulsifiant : E322, arôme',
          ingredients_tags:
            'en:wheat-flour,en:cereal,en:flour,en:sugar,en:added-sugar,en:palm-oil,en:oil-and-fat,en:emulsifier,en:e322,en:flavouring',
          additives_tags: 'en:e322',
        }),
      ),
    );
    const rated = toImportCandidate(french, assessIngredients);
    expect(rated).toMatchObject({ rating: 'red', unratedReason: null, ingredientsText: null });
    expect(rated.analysis).toMatchObject({
      processingLevel: 'high',
      readFrom: {
        source: 'off-ingredient-analysis',
        ingredientsText: 'Farine de blé, sucre, huile de palme, émulsifiant : E322, arôme',
        language: null,
        ingredients:
          'wheat flour, cereal, flour, sugar, added sugar, palm oil, oil and fat, emulsifier, flavouring, e322',
      },
    });
    expect(importedProductSchema.parse({ ...rated, productId: 9 }).analysis?.readFrom?.source).toBe(
      'off-ingredient-analysis',
    );
  });
});

/** Whether PostgreSQL's jsonb can hold every string of `value` (no NUL, no lone surrogate). */
function jsonbStorable(value: unknown): boolean {
  if (typeof value === 'string') return value.isWellFormed() && !value.includes('\0');
  if (Array.isArray(value)) return value.every(jsonbStorable);
  if (value !== null && typeof value === 'object') return Object.values(value).every(jsonbStorable);
  return true;
}

describe('what a row gives is a payload the store accepts', () => {
  it('text: a NUL becomes a space, a lone surrogate U+FFFD; the rest is left alone', () => {
    expect(cleanText('Rye\u0000bread')).toBe('Rye bread');
    expect(cleanText('Crisps \ud800 and \udc00')).toBe('Crisps \ufffd and \ufffd');
    expect(cleanText('Café 🍪')).toBe('Café 🍪');
    const source = product(
      mapOffRecord(
        jsonl({
          ...base,
          code: '50001126\u000037922',
          product_name: '\ud83cCola\u0000Zero',
          brands: ['\udc00Acme', 'Other'],
          lang: 'en',
          ingredients_text: 'Water,\u0000 sugar',
          categories_tags: ['en:soft\ud800-drinks'],
        }),
      ),
    );
    expect(source).toMatchObject({
      code: '50001126 37922',
      name: '\ufffdCola Zero',
      brand: '\ufffdAcme',
      ingredientsText: 'Water,  sugar',
      categories: ['soft\ufffd drinks'],
    });
    expect(jsonbStorable(source)).toBe(true);
  });

  it('text longer than a read model indexes is cut to the limit, never in half a surrogate pair', () => {
    const source = product(
      mapOffRecord(
        jsonl({
          ...base,
          product_name: 'n'.repeat(199) + '🍪'.repeat(500_000),
          brands: 'b'.repeat(10_000),
          lang: 'en',
          ingredients_text: 'water, '.repeat(2000),
          quantity: '500 g'.repeat(100),
          categories_tags: [
            `en:${'c'.repeat(5000)}`,
            ...Array.from({ length: 100 }, (_, i) => `en:kind-${i}`),
          ],
          image_front_url: `https://images.openfoodfacts.org/${'x'.repeat(600)}.jpg`,
        }),
      ),
    );
    expect(source.name).toBe('n'.repeat(199));
    expect(source.brand).toHaveLength(TEXT_LIMITS.brand);
    expect(source.ingredientsText).toHaveLength(TEXT_LIMITS.ingredients);
    expect(source.quantity).toHaveLength(TEXT_LIMITS.quantity);
    expect(source.categories[0]).toHaveLength(TEXT_LIMITS.category);
    expect(source.categories).toHaveLength(CATEGORY_COUNT_LIMIT);
    expect(source.imageUrl).toBeNull();
  });

  it('a last_modified_t beyond a safe integer, a code longer than any barcode: skipped with the reason', () => {
    expect(mapOffRecord(jsonl({ ...base, last_modified_t: 1e16 }))).toMatchObject({
      kind: 'skip',
      reason: 'malformed',
      detail: 'last_modified_t 10000000000000000',
    });
    expect(mapOffRecord(csv({ ...base, last_modified_t: '9007199254740993' }))).toMatchObject({
      reason: 'malformed',
    });
    expect(mapOffRecord(jsonl({ ...base, code: '7'.repeat(65) }))).toMatchObject({
      kind: 'skip',
      reason: 'no barcode',
      detail: 'a code of 65 characters',
    });
    expect(product(mapOffRecord(jsonl({ ...base, code: '7'.repeat(64) }))).code).toHaveLength(64);
  });

  it('a nutrient beyond a number and an image URL that does not parse are left out, not the product', () => {
    const source = product(
      mapOffRecord(
        csv({ ...base, last_modified_t: '1700000000', sodium_100g: '1e308', image_url: 'http://[::1' }),
      ),
    );
    expect(source.nutrition.salt).toBeNull();
    expect(source.imageUrl).toBeNull();
    expect(offProductSourceSchema.safeParse(source).success).toBe(true);
  });

  it('whatever the fields hold (any text, numbers, shapes), a mapped product is a valid event payload', () => {
    const nasty = fc.constantFrom('\u0000', '\ud800', '\udfff', '\ufffd', '\u2028', ' ', 'null', ',', '\t');
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.array(fc.oneof(nasty, fc.string({ maxLength: 8 })), { maxLength: 8 }).map((parts) => parts.join('')),
    );
    const number = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constantFrom(1e16, 2 ** 53, -1, 1e308, 1_700_000_000),
      fc.double().map(String),
      fc.constantFrom({ $numberLong: '1700000000' }, { $numberDouble: '1e400' }),
    );
    const value = fc.oneof(text, number, fc.array(text, { maxLength: 4 }), fc.constant(null));
    const doc = fc.record(
      Object.fromEntries(
        [...OFF_JSONL_FIELDS, 'product_name_en', 'ingredients_text_fr', 'image_url'].map((field) => [
          field,
          field === 'last_modified_t' ? number : field === 'code' ? fc.oneof(text, number) : value,
        ]),
      ),
      { requiredKeys: ['code', 'product_name', 'last_modified_t'] },
    );
    const nutriments = fc.dictionary(
      fc.constantFrom('energy-kcal_100g', 'energy-kj_100g', 'sodium_100g', 'salt_100g', 'fat_100g'),
      number,
    );
    fc.assert(
      fc.property(doc, nutriments, (fields, nutrients) => {
        const mapped = mapOffRecord(jsonl({ ...fields, nutriments: nutrients }));
        if (mapped.kind === 'skip') return;
        const payload = { ...toImportCandidate(mapped.source, assessIngredients), productId: 1 };
        expect(importedProductSchema.safeParse(payload).error).toBeUndefined();
        expect(jsonbStorable(payload)).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
