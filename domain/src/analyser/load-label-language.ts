import { labelLanguage } from './label-language';
import { hasLabelVocabulary, registerLabelVocabulary, type LabelVocabulary } from './phrase-index';

/** Each language's vocabulary, a chunk of its own that the browser fetches only when a label needs it. */
const loaders: Record<string, () => Promise<{ vocabulary: LabelVocabulary }>> = {
  fr: () => import('@labelwise/reference-data/vocabulary-fr'),
  de: () => import('@labelwise/reference-data/vocabulary-de'),
  es: () => import('@labelwise/reference-data/vocabulary-es'),
  it: () => import('@labelwise/reference-data/vocabulary-it'),
  nl: () => import('@labelwise/reference-data/vocabulary-nl'),
};

/**
 * Makes the analyser ready for `text`'s language: loads and registers its vocabulary when the
 * label is not in English and it is not loaded yet. Resolves with the language read; a
 * vocabulary that cannot be fetched (offline before it was ever loaded) leaves English.
 */
export async function loadLabelLanguage(text: string): Promise<string> {
  const language = labelLanguage(text);
  if (hasLabelVocabulary(language)) return language;
  const load = loaders[language];
  if (!load) return 'en';
  try {
    registerLabelVocabulary((await load()).vocabulary);
    return language;
  } catch {
    return 'en';
  }
}
