import { importedProductSchema, offProductSourceSchema } from '@labelwise/domain';
import { describe, expect, it } from 'vitest';
import {
  mapOffRecord,
  OFF_CSV_COLUMNS,
  toImportCandidate,
  type Assess,
  type MappedRecord,
} from './map-record';
import { frontImageUrl, offImageFolder } from './off-image';
import { readOffRecords, type JsonObject, type RawRecord } from './read-records';
import { csvSample, jsonlSample } from './testing-samples';

async function mapAll(file: string, columns?: readonly string[]): Promise<MappedRecord[]> {
  const { records } = await readOffRecords(file, columns ? { columns } : {});
  const out: MappedRecord[] = [];
  for await (const record of records) out.push(mapOffRecord(record));
  return out;
}

function tally(mapped: MappedRecord[]): Record<string, number> {
  const count: Record<string, number> = {};
  for (const m of mapped) {
    const key = m.kind === 'skip' ? `skip: ${m.reason}` : (m.source.unratedReason ?? 'english');
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
  it('CSV: 810 rows, all with barcode and name; 17 with English ingredients', async () => {
    const mapped = await mapAll(csvSample);
    expect(tally(mapped)).toEqual({
      english: 17,
      'ingredients not in English': 136,
      'no ingredients': 657,
    });
    for (const m of mapped) if (m.kind === 'product') offProductSourceSchema.parse(m.source);
  });

  it('CSV read with only OFF_CSV_COLUMNS maps the same', async () => {
    expect(await mapAll(csvSample, OFF_CSV_COLUMNS)).toEqual(await mapAll(csvSample));
  });

  it('JSONL: 100 documents; 73 with English ingredients', async () => {
    const mapped = await mapAll(jsonlSample);
    expect(tally(mapped)).toEqual({ english: 73, 'ingredients not in English': 8, 'no ingredients': 19 });
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
    const unrated = toImportCandidate(french, assess);
    expect(unrated).toMatchObject({
      rating: null,
      analysis: null,
      unratedReason: 'ingredients not in English',
    });
    expect(importedProductSchema.safeParse({ ...unrated, productId: 8 }).success).toBe(true);
  });
});
