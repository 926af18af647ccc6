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

const WORDS_OF: ReadonlyMap<string, readonly LabelLanguage[]> = (() => {
  const map = new Map<string, LabelLanguage[]>();
  for (const language of LABEL_LANGUAGES) {
    for (const word of CUES[language].split(/\s+/).filter(Boolean)) {
      map.set(word, [...(map.get(word) ?? []), language]);
    }
  }
  return map;
})();

const WORD = /[\p{L}\p{N}]+/gu;

export function labelLanguage(text: string): LabelLanguage {
  const scores = new Map<LabelLanguage, number>();
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    const languages = WORDS_OF.get(word) ?? compoundLanguage(word);
    if (!languages) continue;
    // A word several languages share counts for each, but less.
    for (const language of languages) {
      scores.set(language, (scores.get(language) ?? 0) + 1 / languages.length);
    }
  }
  let best: LabelLanguage = 'en';
  let bestScore = scores.get('en') ?? 0;
  for (const [language, score] of scores) {
    if (score > bestScore + 0.5) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}

function compoundLanguage(word: string): readonly LabelLanguage[] | undefined {
  if (word.length < MIN_COMPOUND) return undefined;
  for (const language of LABEL_LANGUAGES) {
    if (ENDINGS[language]?.some((ending) => word.endsWith(ending))) return [language];
  }
  return undefined;
}
