import {
  additives,
  concernIngredients,
  culinaryKindSchema,
  dietaryKeySchema,
  dietaryLists,
  processingReference,
  stapleSchema,
  type Additive,
  type ConcernIngredient,
  type CulinaryKind,
  type DietaryKey,
  type Staple,
} from '@labelwise/reference-data';
import { WordTable, phraseWords, spellingVariants } from './text';

/**
 * Everything the analyser looks for, compiled once into a trie over word ids, so a label is
 * scanned in one left-to-right pass with a handful of Map lookups per word.
 */

export const FLAG_ULTRA = 1;
export const FLAG_PROCESSING_WORD = 2;
export const FLAG_SALT = 4;
export const FLAG_SUGAR = 8;
export const FLAG_FAT = 16;
export const FLAG_CULINARY = 32;
/** "firming agent": an ultra-processed marker unless a traditional coagulant is named. */
export const FLAG_FIRMING_AGENT = 64;
/** A traditional coagulant (calcium sulphate, glucono-delta-lactone, nigari). */
export const FLAG_COAGULANT = 128;
/** A vitamin or mineral added to fortify the food. */
export const FLAG_FORTIFICANT = 256;

/** Salt, sugar, fat, starch, vinegar: one bit each, from KIND_SHIFT. */
export const CULINARY_KINDS: readonly CulinaryKind[] = culinaryKindSchema.options;
const KIND_SHIFT = 9;
const PART_SHIFT = KIND_SHIFT + CULINARY_KINDS.length;
/** The kinds of kitchen ingredient a phrase names ("wine vinegar": vinegar). */
export const KIND_MASK = ((1 << CULINARY_KINDS.length) - 1) << KIND_SHIFT;
/** The kinds of kitchen ingredient a phrase is a part of ("grape must": of a vinegar). */
export const PART_MASK = ((1 << CULINARY_KINDS.length) - 1) << PART_SHIFT;
/** Water, a spice or a herb: sold with a kitchen ingredient, it leaves it that ingredient. */
export const FLAG_COMPANION = 1 << (PART_SHIFT + CULINARY_KINDS.length);
/** A vitamin (a fortificant): only added vitamins make a fortified formulation. */
export const FLAG_VITAMIN = FLAG_COMPANION << 1;

/** The part bits that go with the kind bits in `kinds`. */
export function partsOfKinds(kinds: number): number {
  return (kinds & KIND_MASK) << CULINARY_KINDS.length;
}

export const DIETARY_KEYS: readonly DietaryKey[] = dietaryKeySchema.options;
export const STAPLES: readonly Staple[] = stapleSchema.options;

export function dietaryBit(key: DietaryKey): number {
  return 1 << DIETARY_KEYS.indexOf(key);
}

/** How a word changes the meaning of what follows it. */
export const WordRole = {
  None: 0,
  /** "no", "without": nothing after it in the ingredient counts. */
  NegateRest: 1,
  /** "non", "un", "not": the next word or phrase does not count ("non-hydrogenated"). */
  NegateNext: 2,
  /** "gluten free": the phrase before it does not count; "free from" negates the rest. */
  Free: 3,
  /** "from"/"of" after "free". */
  FreeObject: 4,
  /** "to", "for": a purpose ("to preserve freshness", "added for colour retention"); nothing after it counts. */
  Purpose: 5,
} as const;
export type WordRole = (typeof WordRole)[keyof typeof WordRole];

export interface AdditiveInfo {
  additive: Additive;
  /** Counting key: E322 and E322i are one additive. */
  family: string;
  ultra: boolean;
  terms: number;
  dietary: number;
  /** The known-concern ingredient that describes this additive better, if any. */
  concern: ConcernIngredient | undefined;
}

export interface PhraseFeatures {
  additive: AdditiveInfo | null;
  /** A known-concern ingredient that is not an additive (palm oil). */
  concern: ConcernIngredient | null;
  flags: number;
  terms: number;
  staples: number;
  dietary: number;
}

export interface TrieNode {
  next: Map<number, TrieNode> | null;
  features: PhraseFeatures | null;
}

export interface PhraseIndex {
  /** Canonical word → id (used for words with accents). */
  vocabulary: ReadonlyMap<string, number>;
  /** The same, looked up straight from the label's characters (plain ASCII words). */
  wordTable: WordTable;
  roles: Uint8Array;
  root: TrieNode;
  /** Lower-case code ("e160a") → additive. */
  additivesByCode: ReadonlyMap<string, AdditiveInfo>;
  processedCategories: ReadonlySet<string>;
  culinaryCategories: ReadonlySet<string>;
  processingTermCount: number;
}

interface Patch {
  /** The phrase itself (not a longer one containing it) is culinary: no additive, no concern, no marker. */
  culinary?: boolean;
  /** A label name in another language: it means what these English words mean ("amidon modifié"). */
  reads?: number[];
  additive?: AdditiveInfo;
  concern?: ConcernIngredient;
  flags?: number;
  terms?: number;
  staples?: number;
  dietary?: number;
}

interface Drop {
  concerns: Set<string>;
  dietary: number;
  flags: number;
}

interface Registered {
  words: number[];
  node: TrieNode;
  own: Patch;
  drop: Drop | null;
}

const ROMAN_SUFFIX = /^(e\d{3,4}[a-h]?)(i{1,3}|iv|vi{0,3})$/;

/** e322i → e322 when the table has the family, else the code itself. */
function familyOf(code: string, known: ReadonlySet<string>): string {
  const base = code.replace(ROMAN_SUFFIX, '$1');
  return base !== code && known.has(base) ? base : code;
}

class PhraseIndexBuilder {
  private readonly vocabulary = new Map<string, number>();
  private readonly root: TrieNode = { next: null, features: null };
  private readonly registered = new Map<TrieNode, Registered>();

  wordId(word: string): number {
    const variants = spellingVariants(word);
    const existing = variants.map((v) => this.vocabulary.get(v)).find((id) => id !== undefined);
    const id = existing ?? this.vocabulary.size;
    for (const v of variants) if (!this.vocabulary.has(v)) this.vocabulary.set(v, id);
    return id;
  }

  private entry(phrase: string): Registered {
    const words = phraseWords(phrase).map((w) => this.wordId(w));
    if (words.length === 0) throw new Error(`Phrase without words: "${phrase}"`);
    let node = this.root;
    for (const id of words) {
      node.next ??= new Map();
      let child = node.next.get(id);
      if (!child) {
        child = { next: null, features: null };
        node.next.set(id, child);
      }
      node = child;
    }
    let entry = this.registered.get(node);
    if (!entry) {
      entry = { words, node, own: {}, drop: null };
      this.registered.set(node, entry);
    }
    return entry;
  }

  add(phrase: string, patch: Patch): void {
    const own = this.entry(phrase).own;
    own.culinary ||= patch.culinary;
    own.reads ??= patch.reads;
    own.additive ??= patch.additive;
    own.concern ??= patch.concern;
    own.flags = (own.flags ?? 0) | (patch.flags ?? 0);
    own.terms = (own.terms ?? 0) | (patch.terms ?? 0);
    own.staples = (own.staples ?? 0) | (patch.staples ?? 0);
    own.dietary = (own.dietary ?? 0) | (patch.dietary ?? 0);
  }

  /** A name a label in another language prints, read as its English name. */
  translate(foreign: string, english: string): void {
    const reads = phraseWords(english).map((word) => this.wordId(word));
    if (reads.length > 0) this.add(foreign, { reads });
  }

  except(phrase: string, drop: { concern?: string; dietary?: number; flags?: number }): void {
    const entry = this.entry(phrase);
    entry.drop ??= { concerns: new Set(), dietary: 0, flags: 0 };
    if (drop.concern) entry.drop.concerns.add(drop.concern);
    entry.drop.dietary |= drop.dietary ?? 0;
    entry.drop.flags |= drop.flags ?? 0;
  }

  private lookup(words: number[], from: number, to: number): Registered | undefined {
    let node: TrieNode | undefined = this.root;
    for (let i = from; i < to && node; i++) node = node.next?.get(words[i]!);
    return node ? this.registered.get(node) : undefined;
  }

  /**
   * A phrase means everything its registered sub-phrases mean ("palm kernel oil" is palm oil
   * and an oil), minus what an exception among them takes away ("cocoa butter" is not dairy).
   * The longest phrase naming an additive or concern decides which one it is.
   */
  private compile(entry: Registered): PhraseFeatures {
    const features: PhraseFeatures = {
      additive: null,
      concern: null,
      flags: 0,
      terms: 0,
      staples: 0,
      dietary: 0,
    };
    const drops: Drop = { concerns: new Set(), dietary: 0, flags: 0 };
    const n = entry.words.length;
    for (let length = n; length >= 1; length--) {
      for (let from = 0; from + length <= n; from++) {
        const sub = this.lookup(entry.words, from, from + length);
        if (!sub) continue;
        const { own } = sub;
        features.additive ??= own.additive ?? null;
        features.concern ??= own.concern ?? null;
        features.flags |= own.flags ?? 0;
        features.terms |= own.terms ?? 0;
        features.staples |= own.staples ?? 0;
        features.dietary |= own.dietary ?? 0;
        if (sub.drop) {
          sub.drop.concerns.forEach((c) => drops.concerns.add(c));
          drops.dietary |= sub.drop.dietary;
          drops.flags |= sub.drop.flags;
        }
      }
    }
    if (features.concern && drops.concerns.has(features.concern.id)) features.concern = null;
    // An additive named after a kitchen ingredient ("modified starch", "sorbitol syrup") is none.
    if (features.additive) features.flags &= ~(FLAG_CULINARY | KIND_MASK | PART_MASK | FLAG_COMPANION);
    if (entry.own.culinary) {
      features.additive = null;
      features.concern = null;
      features.flags &= ~(FLAG_ULTRA | FLAG_FIRMING_AGENT);
      features.terms = 0;
    }
    features.dietary &= ~drops.dietary;
    features.flags &= ~drops.flags;
    if (entry.own.reads) {
      const { reads } = entry.own;
      // The English name's own meaning, not what it might read as in turn (names can read as each other).
      const own = { ...this.lookup(reads, 0, reads.length)?.own, reads: undefined };
      const english = this.compile({ words: reads, node: entry.node, own, drop: null });
      features.additive ??= english.additive;
      features.concern ??= english.concern;
      features.flags |= english.flags;
      features.terms |= english.terms;
      features.staples |= english.staples;
      features.dietary |= english.dietary;
    }
    return features;
  }

  build(
    roles: Map<string, WordRole>,
    rest: Omit<PhraseIndex, 'vocabulary' | 'wordTable' | 'roles' | 'root'>,
  ): PhraseIndex {
    const roleIds = [...roles].map(([word, role]) => [this.wordId(phraseWords(word)[0]!), role] as const);
    for (const entry of this.registered.values()) entry.node.features = this.compile(entry);
    const table = new Uint8Array(this.vocabulary.size + 1);
    for (const [id, role] of roleIds) table[id] = role;
    return {
      vocabulary: this.vocabulary,
      wordTable: new WordTable(this.vocabulary),
      roles: table,
      root: this.root,
      ...rest,
    };
  }
}

function buildAdditiveInfos(termBits: Map<string, number>): Map<string, AdditiveInfo> {
  const codes = new Set(additives.map((a) => a.code.toLowerCase()));
  const ultraCodes = new Set(processingReference.ultraProcessedAdditiveCodes.map((c) => c.toLowerCase()));
  const termByCode = new Map<string, number>();
  for (const [termId, termCodes] of Object.entries(processingReference.processingTermAdditiveCodes)) {
    for (const code of termCodes) termByCode.set(code.toLowerCase(), termBits.get(termId) ?? 0);
  }
  const dietaryByCode = new Map<string, number>();
  for (const list of dietaryLists) {
    for (const code of list.codes) {
      const key = code.toLowerCase();
      dietaryByCode.set(key, (dietaryByCode.get(key) ?? 0) | dietaryBit(list.key));
    }
  }
  const concernByCode = new Map(
    concernIngredients.filter((c) => c.additiveCode).map((c) => [c.additiveCode!.toLowerCase(), c] as const),
  );
  const codeOf = new Map(additives.map((a) => [a.code.toLowerCase(), a.code] as const));
  const infos = new Map<string, AdditiveInfo>();
  for (const additive of additives) {
    const code = additive.code.toLowerCase();
    const family = familyOf(code, codes);
    const either = <T>(map: Map<string, T>) => map.get(code) ?? map.get(family);
    infos.set(code, {
      additive,
      family: codeOf.get(family) ?? additive.code,
      ultra: ultraCodes.has(code) || ultraCodes.has(family),
      terms: either(termByCode) ?? 0,
      dietary: (either(dietaryByCode) ?? 0) | dietaryBit('noENumbers'),
      concern: either(concernByCode),
    });
  }
  return infos;
}

/** A label language's vocabulary: "foreign name\tEnglish name" lines (reference-data's generated modules). */
export interface LabelVocabulary {
  language: string;
  entries: string;
}

function buildPhraseIndex(vocabulary: LabelVocabulary | undefined): PhraseIndex {
  const builder = new PhraseIndexBuilder();
  const ref = processingReference;
  const termBits = new Map(ref.processingTerms.map((t, i) => [t.id, 1 << i] as const));
  const infos = buildAdditiveInfos(termBits);

  for (const info of infos.values()) {
    for (const name of info.additive.names) builder.add(name, { additive: info });
  }
  for (const concern of concernIngredients) {
    const info = concern.additiveCode ? infos.get(concern.additiveCode.toLowerCase()) : undefined;
    const patch: Patch = info ? { additive: info } : { concern };
    for (const name of concern.names) builder.add(name, patch);
    for (const phrase of concern.exceptions) builder.except(phrase, { concern: concern.id });
  }
  for (const marker of ref.ultraProcessedMarkers) {
    const flags = marker.id === 'firming-agent' ? FLAG_FIRMING_AGENT : FLAG_ULTRA;
    for (const phrase of marker.phrases) builder.add(phrase, { flags });
  }
  for (const term of ref.processingTerms) {
    for (const phrase of term.phrases) builder.add(phrase, { terms: termBits.get(term.id)! });
  }
  for (const phrase of ref.purposePhrases) builder.except(phrase, { flags: FLAG_ULTRA });
  for (const word of ref.processingWords) builder.add(word, { flags: FLAG_PROCESSING_WORD });
  STAPLES.forEach((staple, i) => {
    for (const word of ref.staples[staple] ?? []) builder.add(word, { staples: 1 << i });
  });
  CULINARY_KINDS.forEach((kind, i) => {
    const kindFlag = 1 << (KIND_SHIFT + i);
    const sugar = kind === 'sugar' ? FLAG_SUGAR : 0;
    for (const word of ref.culinaryAdditions[kind] ?? []) {
      builder.add(word, { flags: FLAG_CULINARY | kindFlag | sugar });
    }
    for (const word of ref.kitchenParts[kind] ?? []) builder.add(word, { flags: 1 << (PART_SHIFT + i) });
  });
  for (const word of ref.kitchenCompanions) builder.add(word, { flags: FLAG_COMPANION });
  for (const phrase of ref.culinaryExceptions) {
    builder.except(phrase, { flags: FLAG_CULINARY | KIND_MASK | FLAG_SUGAR | FLAG_SALT | FLAG_FAT });
  }
  for (const phrase of ref.nutButters) builder.except(phrase, { flags: FLAG_CULINARY | KIND_MASK });
  for (const phrase of ref.fortificants.minerals)
    builder.add(phrase, { culinary: true, flags: FLAG_FORTIFICANT });
  for (const phrase of ref.fortificants.vitamins)
    builder.add(phrase, { culinary: true, flags: FLAG_FORTIFICANT | FLAG_VITAMIN });
  for (const phrase of ref.traditionalCoagulants)
    builder.add(phrase, { culinary: true, flags: FLAG_COAGULANT });
  for (const word of ref.saltWords) builder.add(word, { flags: FLAG_SALT });
  for (const word of ref.sugarWords) builder.add(word, { flags: FLAG_SUGAR });
  for (const word of ref.fatWords) builder.add(word, { flags: FLAG_FAT });
  for (const list of dietaryLists) {
    const bit = dietaryBit(list.key);
    for (const keyword of list.keywords) builder.add(keyword, { dietary: bit });
    for (const phrase of list.exceptions) builder.except(phrase, { dietary: bit });
  }

  if (vocabulary) {
    for (const line of vocabulary.entries.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab <= 0) continue;
      const [foreign, english] = [line.slice(0, tab), line.slice(tab + 1)];
      // An additive's name reads as its E-number ("carraghénanes": e407).
      const additive = infos.get(english) ?? infos.get(english.replace(ROMAN_SUFFIX, '$1'));
      if (additive) builder.add(foreign, { additive });
      else builder.translate(foreign, english);
    }
  }

  const roles = new Map<string, WordRole>([
    ['no', WordRole.NegateRest],
    ['without', WordRole.NegateRest],
    ['sans', WordRole.NegateRest],
    ['ohne', WordRole.NegateRest],
    ['sin', WordRole.NegateRest],
    ['senza', WordRole.NegateRest],
    ['zonder', WordRole.NegateRest],
    ['non', WordRole.NegateNext],
    ['un', WordRole.NegateNext],
    ['not', WordRole.NegateNext],
    ['free', WordRole.Free],
    ['from', WordRole.FreeObject],
    ['of', WordRole.FreeObject],
    ['to', WordRole.Purpose],
    ['for', WordRole.Purpose],
  ]);
  const built = builder.build(roles, {
    additivesByCode: infos,
    processedCategories: new Set(ref.processedFoodCategories.map(categoryKey)),
    culinaryCategories: new Set(ref.culinaryCategories.map(categoryKey)),
    processingTermCount: ref.processingTerms.length,
  });
  markersByName(built, infos.values());
  return built;
}

/** The features of a whole phrase as the trie compiled them (null when it is no phrase of its own). */
function phraseFeatures(index: PhraseIndex, phrase: string): PhraseFeatures | null {
  let node: TrieNode | undefined = index.root;
  for (const word of phraseWords(phrase)) node = node?.next?.get(index.vocabulary.get(word) ?? -1);
  return node?.features ?? null;
}

/**
 * An E-number is the additive its names name, for every rule: "E322" is as much an emulsifier
 * marker as "lecithin", "E1200" an isolated fibre as "polydextrose".
 */
function markersByName(index: PhraseIndex, infos: Iterable<AdditiveInfo>): void {
  for (const info of infos) {
    for (const name of info.additive.names) {
      const features = phraseFeatures(index, name);
      if (!features) continue;
      if (features.flags & FLAG_ULTRA) info.ultra = true;
      info.terms |= features.terms;
    }
  }
}

/** "en:prepared-meats", "Prepared meats" → "prepared meat". */
export function categoryKey(category: string): string {
  return phraseWords(category.replace(/^[a-z]{2}:/i, '')).join(' ');
}

const vocabularies = new Map<string, LabelVocabulary>();
const indexes = new Map<string, PhraseIndex>();
let englishIndex: PhraseIndex | undefined;

/**
 * Lets the analyser read labels in `vocabulary.language` (the server registers every language
 * at start; the browser loads one when a label needs it).
 */
export function registerLabelVocabulary(vocabulary: LabelVocabulary): void {
  vocabularies.set(vocabulary.language, vocabulary);
  indexes.delete(vocabulary.language);
}

/** Whether labels in `language` can be read with their own words. */
export function hasLabelVocabulary(language: string): boolean {
  return language === 'en' || vocabularies.has(language);
}

/** Whether any language beside English is registered. */
export function hasOtherLabelVocabularies(): boolean {
  return vocabularies.size > 0;
}

/**
 * The English phrases, plus those of `language`'s vocabulary when it is registered. Built on
 * first use (a few milliseconds; a language adds its names), then shared.
 */
export function phraseIndex(language = 'en'): PhraseIndex {
  // Most labels are English: their index is read without a lookup.
  const vocabulary = language === 'en' ? undefined : vocabularies.get(language);
  if (!vocabulary) return (englishIndex ??= buildPhraseIndex(undefined));
  let index = indexes.get(language);
  if (!index) {
    index = buildPhraseIndex(vocabulary);
    indexes.set(language, index);
  }
  return index;
}
