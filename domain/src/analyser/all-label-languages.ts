import { vocabulary as de } from '@labelwise/reference-data/vocabulary-de';
import { vocabulary as es } from '@labelwise/reference-data/vocabulary-es';
import { vocabulary as fr } from '@labelwise/reference-data/vocabulary-fr';
import { vocabulary as it } from '@labelwise/reference-data/vocabulary-it';
import { vocabulary as nl } from '@labelwise/reference-data/vocabulary-nl';
import { registerLabelVocabulary } from './phrase-index';

/**
 * Every label language the analyser reads, registered at once: the server's entry point imports
 * this, so every verdict it stores reads French, German, Spanish, Italian and Dutch labels with
 * their own words (the browser loads one language when a label needs it: `loadLabelLanguage`).
 */
for (const vocabulary of [fr, de, es, it, nl]) registerLabelVocabulary(vocabulary);
