import { describe, expect, it } from 'vitest';
import { looksEnglish } from './english-ingredients';

const uk = { countryTags: ['en:united-kingdom'] };
const fr = { countryTags: ['en:france'] };

describe('looksEnglish (OFF CSV ingredient lists; texts from the real sample)', () => {
  it('recognises English lists, wherever sold', () => {
    expect(looksEnglish('Soybean, wheat flour, salt, water, ethyl alcohol')).toBe(true);
    expect(looksEnglish('Sweet corn in kernels, water, salt. Contains natural sugars.', fr)).toBe(true);
    expect(looksEnglish('Beef braising steak', uk)).toBe(true);
    expect(looksEnglish('Crème fraîche, jalapeño peppers, sea salt')).toBe(true);
  });

  it('refuses French, German, Spanish, Italian, Dutch, Nordic and non-Latin lists', () => {
    expect(looksEnglish('Eau, noix de coco (45%)', fr)).toBe(false);
    expect(looksEnglish('Wasser, Fruktosesirup, Kohlensäure, Grapefruit-, Orangen - und Zitrone')).toBe(
      false,
    );
    expect(looksEnglish('Maíz, aceite de palma, sal (3%)')).toBe(false);
    expect(looksEnglish('CARNE DI POLLO 19%, FARINA DI FRUMENTO, CARNE DI TACCHINO 12%')).toBe(false);
    expect(looksEnglish('91% varkensvlees, water, specerijen (o.a. 0,2% peper, 0,1% ui)')).toBe(false);
    expect(looksEnglish('Sideflesk av svin, salt, konserveringsmiddel e250, antioksidant e301.')).toBe(false);
    expect(looksEnglish('Молоко нормализованное пастеризованное, соль пищевая')).toBe(false);
  });

  it("counts OFF's unrecognised ingredient tags as votes for their language", () => {
    const text = 'E270, E296, konzentrate';
    expect(looksEnglish(text, { ...uk, ingredientTags: ['en:e270', 'de:konzentrate'] })).toBe(false);
  });

  it('decides words neither list knows by the country: English-speaking or not', () => {
    expect(looksEnglish('Cauliflower.', { countryTags: ['en:united-states'] })).toBe(true);
    expect(looksEnglish('BOYSENBERRIES.', { countryTags: ['en:united-states'] })).toBe(true);
    expect(looksEnglish('Curcuma.', { countryTags: ['en:france', 'en:reunion'] })).toBe(false);
    expect(looksEnglish('Basilic')).toBe(false);
  });
});
