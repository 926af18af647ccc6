/**
 * Word-level text handling shared by the phrase index (built once) and the scanner (per call),
 * so that a phrase and a label spell every word the same way.
 */

const NON_ASCII_WORD = /[\p{L}\p{N}\p{M}]/u;
const COMBINING_MARKS = /\p{M}/gu;

/** Letters and digits are word characters; everything else separates words. */
export function isWordChar(code: number, char: string): boolean {
  if (code < 128)
    return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  return NON_ASCII_WORD.test(char);
}

/** "émulsifiant" → "emulsifiant"; "ß" and "œ" are kept as they are. */
export function foldDiacritics(word: string): string {
  return word.normalize('NFD').replace(COMBINING_MARKS, '');
}

/**
 * Crude plural folding, applied identically to phrases and labels:
 * "starches" → "starch", "berries" → "berry", "tomatoes" → "tomato", "flavours" → "flavour";
 * "glass", "citrus" stay. Works on s[from, to) and returns the end of the stem; a negative
 * result -e means the stem is s[from, e) followed by "y".
 */
export function stemEnd(s: string, from: number, to: number): number {
  if (to - from < 4 || s.charCodeAt(to - 1) !== 115 /* s */) return to;
  const before = s.charCodeAt(to - 2);
  if (before === 115 /* s */ || before === 117 /* u */ || before === 105 /* i */) return to;
  if (before === 101 /* e */) {
    const third = s.charCodeAt(to - 3);
    if (third === 105 /* i */) return -(to - 3);
    if (third === 120 /* x */ || third === 111 /* o */) return to - 2;
    if (third === 104 /* h */ && to - from >= 5) {
      const fourth = s.charCodeAt(to - 4);
      if (fourth === 99 /* c */ || fourth === 115 /* s */) return to - 2;
    }
    if (third === 115 /* s */ && s.charCodeAt(to - 4) === 115) return to - 2;
  }
  return to - 1;
}

export function stem(word: string): string {
  const end = stemEnd(word, 0, word.length);
  if (end === word.length) return word;
  return end < 0 ? `${word.slice(0, -end)}y` : word.slice(0, end);
}

export const FNV_OFFSET = 0x811c9dc5 | 0;
export const FNV_PRIME = 0x01000193;

function hashRange(s: string, from: number, to: number, suffix: number): number {
  let h = FNV_OFFSET;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  if (suffix !== 0) h = Math.imul(h ^ suffix, FNV_PRIME);
  return h;
}

/** The FNV-1a hash of a whole word, as a label's reader computes it character by character. */
export function hashWord(word: string): number {
  return hashRange(word, 0, word.length, 0);
}

/**
 * Small numbers by a word's FNV-1a hash, in an open-addressing table of typed arrays: a label's
 * word is looked up by the hash computed while reading it, without a string of its own and without
 * a Map (whose keys a browser's V8 boxes when a 32-bit hash is no small integer).
 */
export class HashTable {
  private readonly mask: number;
  private readonly hashes: Int32Array;
  /** The value plus one: 0 is an empty slot. */
  private readonly values: Int32Array;

  constructor(entries: ReadonlyMap<number, number>) {
    let size = 16;
    while (size < entries.size * 4) size *= 2;
    this.mask = size - 1;
    this.hashes = new Int32Array(size);
    this.values = new Int32Array(size);
    for (const [h, value] of entries) {
      let slot = h & this.mask;
      while (this.values[slot] !== 0) slot = (slot + 1) & this.mask;
      this.hashes[slot] = h;
      this.values[slot] = value + 1;
    }
  }

  /** The value stored for hash `h`, or -1. */
  get(h: number): number {
    for (let slot = h & this.mask; this.values[slot] !== 0; slot = (slot + 1) & this.mask) {
      if (this.hashes[slot] === h) return this.values[slot]! - 1;
    }
    return -1;
  }
}

/**
 * Word → id lookup straight from a range of the label, without slicing it into a string:
 * an open-addressing hash table keyed by FNV-1a over the (stemmed) word's characters.
 */
export class WordTable {
  private readonly mask: number;
  private readonly hashes: Int32Array;
  private readonly ids: Int32Array;
  private readonly words: string[];

  constructor(entries: ReadonlyMap<string, number>) {
    let size = 16;
    while (size < entries.size * 4) size *= 2;
    this.mask = size - 1;
    this.hashes = new Int32Array(size);
    this.ids = new Int32Array(size).fill(-1);
    this.words = new Array<string>(size).fill('');
    for (const [word, id] of entries) {
      const h = hashRange(word, 0, word.length, 0);
      let slot = h & this.mask;
      while (this.ids[slot] !== -1) slot = (slot + 1) & this.mask;
      this.hashes[slot] = h;
      this.ids[slot] = id;
      this.words[slot] = word;
    }
  }

  /**
   * Id of the stem of the ASCII word s[from, to), or -1. `hashes` are the FNV-1a hashes of
   * s[from, to), s[from, to - 1), s[from, to - 2) and s[from, to - 3), which the tokenizer
   * computes while reading the word, so the characters are only hashed once.
   */
  lookup(s: string, from: number, to: number, h0: number, h1: number, h2: number, h3: number): number {
    const end = stemEnd(s, from, to);
    let stemTo: number;
    let h: number;
    let suffix = 0;
    if (end < 0) {
      stemTo = -end;
      suffix = 121; // y
      h = Math.imul(h3 ^ suffix, FNV_PRIME);
    } else {
      stemTo = end;
      h = end === to ? h0 : end === to - 1 ? h1 : h2;
    }
    const length = stemTo - from + (suffix === 0 ? 0 : 1);
    let slot = h & this.mask;
    for (let id = this.ids[slot]!; id !== -1; slot = (slot + 1) & this.mask, id = this.ids[slot]!) {
      if (this.hashes[slot] !== h) continue;
      const word = this.words[slot]!;
      if (word.length !== length) continue;
      let same = true;
      for (let k = 0; k < stemTo - from && same; k++) same = word.charCodeAt(k) === s.charCodeAt(from + k);
      if (same && (suffix === 0 || word.charCodeAt(length - 1) === suffix)) return id;
    }
    return -1;
  }
}

/** Lower-case words of a phrase, folded and stemmed like label words. */
export function phraseWords(phrase: string): string[] {
  const lower = phrase.toLowerCase();
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const inWord = i < lower.length && isWordChar(lower.charCodeAt(i), lower.charAt(i));
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) {
      words.push(canonicalWord(lower.slice(start, i), false));
      start = -1;
    }
  }
  return words;
}

export function canonicalWord(word: string, ascii: boolean): string {
  return stem(ascii ? word : foldDiacritics(word));
}

/** British and American spellings of one word ("flavour"/"flavor", "stabiliser"/"stabilizer"). */
export function spellingVariants(word: string): string[] {
  const variants = new Set([word]);
  const swaps: [RegExp, string][] = [
    [/our/g, 'or'],
    [/(col|flav|od|sav|hum)or/g, '$1our'],
    [/is(e|ed|er|ing|ation)$/, 'iz$1'],
    [/iz(e|ed|er|ing|ation)$/, 'is$1'],
    [/ys(e|ed|ing)$/, 'yz$1'],
    [/yz(e|ed|ing)$/, 'ys$1'],
    [/sulph/g, 'sulf'],
    [/sulf/g, 'sulph'],
    [/aluminium/g, 'aluminum'],
    [/aluminum/g, 'aluminium'],
    [/yoghurt/g, 'yogurt'],
    [/yogurt/g, 'yoghurt'],
    [/fibre/g, 'fiber'],
    [/fiber/g, 'fibre'],
  ];
  for (const [pattern, replacement] of swaps) {
    for (const v of [...variants]) variants.add(v.replace(pattern, replacement));
  }
  return [...variants];
}
