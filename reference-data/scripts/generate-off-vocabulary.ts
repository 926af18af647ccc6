/**
 * Regenerates src/generated/vocabulary/<language>.ts from Open Food Facts' taxonomies (ODbL 1.0):
 * `ingredients.txt`, `additives.txt` and `additives_classes.txt` of the `taxonomies/` folder of
 * github.com/openfoodfacts/openfoodfacts-server (newer checkouts keep ingredients.txt under
 * `taxonomies/food/`). The taxonomies are not kept in this repository; point the script at them:
 * Run: npx tsx reference-data/scripts/generate-off-vocabulary.ts <taxonomies folder>
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  VOCABULARY_LANGUAGES,
  buildVocabularies,
  englishWords,
  renderVocabularyModule,
} from '../src/generator/render-off-vocabulary';
import { additives, concernIngredients, dietaryLists, processingReference } from '../src/load';

const folder = process.argv[2];
if (!folder) {
  process.stderr.write(
    'Usage: npx tsx reference-data/scripts/generate-off-vocabulary.ts <taxonomies folder>\n',
  );
  process.exit(2);
}
const read = (...candidates: string[]) => {
  const file = candidates.map((name) => join(folder, name)).find((path) => existsSync(path));
  if (!file) throw new Error(`None of ${candidates.join(', ')} in ${folder}`);
  return readFileSync(file, 'utf8');
};

/** Words too common to make an English name worth keeping on their own. */
const GENERIC = new Set([
  'of',
  'and',
  'with',
  'in',
  'from',
  'the',
  'a',
  'an',
  'or',
  'to',
  'for',
  'natural',
  'pure',
]);

/** Every phrase the analyser looks for, lower case. */
function knownPhrases(): string[] {
  const phrases: string[] = [
    ...additives.flatMap((additive) => [additive.name, ...additive.names]),
    ...concernIngredients.flatMap((concern) => concern.names),
    ...dietaryLists.flatMap((list) => list.keywords),
  ];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') phrases.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  const { ultraProcessedMarkers, processingTerms, ...lists } = processingReference;
  collect([...ultraProcessedMarkers, ...processingTerms].map((marker) => marker.phrases));
  collect({ ...lists, ultraProcessedAdditiveCodes: [], processingTermAdditiveCodes: {} });
  return phrases.map((phrase) => phrase.toLowerCase());
}

const phrases = knownPhrases();

const vocabularies = buildVocabularies({
  ingredients: read('food/ingredients.txt', 'ingredients.txt'),
  additives: read('additives.txt'),
  additiveClasses: read('additives_classes.txt'),
  knownWords: new Set(phrases.flatMap(englishWords).filter((word) => !GENERIC.has(word))),
  knownPhrases: new Set(phrases),
});
for (const language of VOCABULARY_LANGUAGES) {
  const file = join(import.meta.dirname, '..', 'src', 'generated', 'vocabulary', `${language}.ts`);
  writeFileSync(file, renderVocabularyModule(language, vocabularies[language]));
  process.stdout.write(
    `wrote src/generated/vocabulary/${language}.ts: ${vocabularies[language].size} names\n`,
  );
}
