import { FNV_OFFSET, FNV_PRIME, HashTable, hashWord, isWordChar } from './text';

/**
 * The language a pasted or photographed ingredient list is written in, from its grammar words and
 * its commonest ingredient words, so the analyser (and the browser, which loads a language's
 * vocabulary only when a label needs it) reads it with that language's words. English unless
 * another language clearly has more words on the label.
 */
export const LABEL_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

const CUES: Record<LabelLanguage, string> = {
  en: `and with of or contains water sugar salt flour wheat milk oil vegetable from less than
    flavouring flavoring natural powder starch syrup acid juice concentrate cream butter eggs`,
  fr: `et de du des la le les au aux avec eau sucre sel farine blé lait huile arôme arômes beurre œufs
    oeufs sirop jus levure amidon épices conservateur colorant émulsifiant peut contenir traces
    ingrédients crème poudre correcteur acidité acidifiant graisse végétale viande fécule`,
  de: `und mit aus von zucker salz wasser weizenmehl mehl milch öl butter eier hefe stärke gewürze
    aroma kann spuren enthält zutaten säuerungsmittel emulgator pflanzliches pflanzenöl fett sahne
    magermilchpulver vollmilchpulver glukosesirup`,
  es: `y con del agua azúcar sal harina trigo leche aceite huevo levadura almidón especias aromas
    contiene puede trazas ingredientes conservador emulgente acidulante girasol vegetal grasa
    jarabe natural`,
  it: `e con di del della dello acqua zucchero sale farina grano latte olio uova lievito amido
    spezie aromi contiene può tracce ingredienti conservante emulsionante correttore acidità
    vegetale girasole burro panna`,
  nl: `en met van suiker zout bloem tarwebloem melk olie boter ei eieren gist zetmeel specerijen
    bevat kan sporen ingrediënten conserveermiddel emulgator plantaardige zonnebloemolie
    glucosestroop room mager`,
};

/** Compound words end in their head noun: "Sonnenblumenöl", "Kartoffelstärke", "glucosestroop". */
const ENDINGS: Partial<Record<LabelLanguage, readonly string[]>> = {
  de: [
    'mehl',
    'zucker',
    'öl',
    'stärke',
    'salz',
    'pulver',
    'saft',
    'milch',
    'säure',
    'extrakt',
    'eiweiß',
    'gewürze',
  ],
  nl: ['suiker', 'olie', 'zetmeel', 'poeder', 'meel', 'zuur', 'stroop', 'melk', 'vet', 'eiwit'],
};
const MIN_COMPOUND = 7;

/** The languages of each cue word, by the word's FNV-1a hash (lower case): `CUE_LANGUAGES[CUES_BY_HASH.get(h)]`. */
const CUE_LANGUAGES: number[][] = [];
const CUES_BY_HASH = (() => {
  const entries = new Map<number, number>();
  LABEL_LANGUAGES.forEach((language, index) => {
    for (const word of CUES[language].split(/\s+/).filter(Boolean)) {
      const h = hashWord(word);
      let entry = entries.get(h);
      if (entry === undefined) {
        entry = CUE_LANGUAGES.push([]) - 1;
        entries.set(h, entry);
      }
      CUE_LANGUAGES[entry]!.push(index);
    }
  });
  return new HashTable(entries);
})();

/** The opening of a list says its language; reading only it keeps detection cheap on every analysis. */
const MAX_CHARS = 200;
const MAX_WORDS = 16;
const ENGLISH_ENOUGH = 2;

/** One score per language, reset by each call (detection runs on every analysis: no allocation). */
const scores = new Float64Array(LABEL_LANGUAGES.length);

/**
 * Runs on every analysis once another language is registered, so it reads the opening words
 * in one pass over the characters, hashing each word as it goes.
 */
export function labelLanguage(text: string): LabelLanguage {
  const end = Math.min(text.length, MAX_CHARS);
  scores.fill(0);
  let other = 0;
  let words = 0;
  let start = -1;
  let h = FNV_OFFSET;
  for (let i = 0; i <= end && words < MAX_WORDS; i++) {
    let c = i < end ? text.charCodeAt(i) : 32;
    if (c >= 65 && c <= 90) c += 32;
    const inWord = c < 128 ? (c >= 97 && c <= 122) || (c >= 48 && c <= 57) : isWordChar(c, text.charAt(i));
    if (inWord) {
      if (start < 0) {
        start = i;
        h = FNV_OFFSET;
      }
      if (c >= 128) c = text.charAt(i).toLowerCase().charCodeAt(0);
      h = Math.imul(h ^ c, FNV_PRIME);
      continue;
    }
    if (start < 0) continue;
    const cue = CUES_BY_HASH.get(h);
    const languages = cue >= 0 ? CUE_LANGUAGES[cue] : compoundLanguage(text, start, i);
    start = -1;
    words++;
    if (languages === undefined) continue;
    // A word several languages share counts for each, but less.
    const share = 1 / languages.length;
    for (let k = 0; k < languages.length; k++) {
      const index = languages[k]!;
      scores[index]! += share;
      if (index !== 0) other += share;
    }
    // Most lists are English: two English words and none of another language settle it.
    if (other === 0 && scores[0]! >= ENGLISH_ENOUGH) return 'en';
  }
  let best = 0;
  for (let index = 1; index < scores.length; index++) {
    if (scores[index]! > scores[best]! + 0.5) best = index;
  }
  return LABEL_LANGUAGES[best]!;
}

/** Lower case of the character at `i` as a char code: ASCII without allocating. */
function lowerCodeAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 65 && c <= 90) return c + 32;
  return c < 128 ? c : text.charAt(i).toLowerCase().charCodeAt(0);
}

/** Compound endings by their last letter's code: a word is checked against the few that end like it. */
const ENDINGS_BY_LAST: ReadonlyMap<number, readonly (readonly [string, readonly number[]])[]> = (() => {
  const map = new Map<number, [string, number[]][]>();
  LABEL_LANGUAGES.forEach((language, index) => {
    for (const ending of ENDINGS[language] ?? []) {
      const last = ending.charCodeAt(ending.length - 1);
      map.set(last, [...(map.get(last) ?? []), [ending, [index]]]);
    }
  });
  return map;
})();

function endsWithAt(text: string, to: number, ending: string): boolean {
  for (let k = 1; k <= ending.length; k++) {
    if (lowerCodeAt(text, to - k) !== ending.charCodeAt(ending.length - k)) return false;
  }
  return true;
}

function compoundLanguage(text: string, from: number, to: number): readonly number[] | undefined {
  if (to - from < MIN_COMPOUND) return undefined;
  for (const [ending, languages] of ENDINGS_BY_LAST.get(lowerCodeAt(text, to - 1)) ?? []) {
    if (endsWithAt(text, to, ending)) return languages;
  }
  return undefined;
}
