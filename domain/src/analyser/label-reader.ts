import { normaliseLabel } from './normalise-label';
import { FNV_OFFSET, FNV_PRIME, canonicalWord, type WordTable } from './text';

/** Where word ids come from (the phrase index); without it every word is unknown. */
export interface WordLookup {
  vocabulary: ReadonlyMap<string, number>;
  wordTable: WordTable;
}

/**
 * Reads a label in one pass: the text is split into words once, and the punctuation between
 * words drives the structure (ingredients, nested brackets, "class: ingredient" labels,
 * annotations such as "(preservative)"). Each run of words between two punctuation marks is
 * handed to a matcher while the structure is being read, so no ingredient is re-scanned.
 */

/** Word id of a word that is an E-number ("e471", "e 150d"); its code is in `words.codes`. */
export const E_CODE = 0x7ffffffe;
/** Word id of a word the phrase index does not know. */
export const UNKNOWN_WORD = -1;

/** The words of the label being read. Reused by every call: reading is synchronous. */
export const words = {
  count: 0,
  ids: new Int32Array(512),
  starts: new Int32Array(512),
  ends: new Int32Array(512),
  numeric: new Uint8Array(512),
  codes: [] as string[],
};

const E_NUMBER = /^e\d{3,4}[a-z]?(?:i{1,3}|iv|vi{0,3})?$/;
const E_DIGITS = /^\d{3,4}[a-z]?(?:i{1,3}|iv|vi{0,3})?$/;
const NON_ASCII_WORD = /[\p{L}\p{N}\p{M}]/u;

function grow(): void {
  const size = words.ids.length * 2;
  const ids = new Int32Array(size);
  const starts = new Int32Array(size);
  const ends = new Int32Array(size);
  const numeric = new Uint8Array(size);
  ids.set(words.ids);
  starts.set(words.starts);
  ends.set(words.ends);
  numeric.set(words.numeric);
  Object.assign(words, { ids, starts, ends, numeric });
}

function isLoneE(s: string, k: number): boolean {
  const start = words.starts[k]!;
  return words.ends[k] === start + 1 && s.charCodeAt(start) === 101;
}

/** Splits lower-case text into words; ids come from `lookup` when given. */
function tokenize(s: string, lookup: WordLookup | null): void {
  const length = s.length;
  let n = 0;
  let i = 0;
  while (i < length) {
    const start = i;
    let ascii = true;
    let digits = true;
    // FNV-1a hashes of the word so far and of it without its last 1, 2 and 3 characters.
    let h0 = FNV_OFFSET;
    let h1 = 0;
    let h2 = 0;
    let h3 = 0;
    while (i < length) {
      const c = s.charCodeAt(i);
      if (c < 128) {
        if (c < 48 || (c > 57 && c < 97) || c > 122) break;
        if (c > 57) digits = false;
      } else if (!NON_ASCII_WORD.test(s.charAt(i))) break;
      else {
        ascii = false;
        digits = false;
      }
      h3 = h2;
      h2 = h1;
      h1 = h0;
      h0 = Math.imul(h0 ^ c, FNV_PRIME);
      i++;
    }
    if (i === start) {
      i++;
      continue;
    }
    // "E 471", "e-471": a lone "e" followed by the number is one E-number.
    if (n > 0 && words.ids[n - 1] === UNKNOWN_WORD && isDigit(s.charCodeAt(start)) && isLoneE(s, n - 1)) {
      const number = s.slice(start, i);
      if (E_DIGITS.test(number)) {
        words.ids[n - 1] = E_CODE;
        words.codes[n - 1] = `e${number}`;
        words.ends[n - 1] = i;
        continue;
      }
    }
    if (n === words.ids.length) grow();
    words.starts[n] = start;
    words.ends[n] = i;
    words.numeric[n] = digits ? 1 : 0;
    let id: number;
    if (s.charCodeAt(start) === 101 /* e */ && (i === start + 1 || isENumber(s, start, i))) {
      id = i === start + 1 ? UNKNOWN_WORD : E_CODE;
    } else if (lookup === null) {
      id = UNKNOWN_WORD;
    } else if (ascii) {
      id = lookup.wordTable.lookup(s, start, i, h0, h1, h2, h3);
    } else {
      id = lookup.vocabulary.get(canonicalWord(s.slice(start, i), false)) ?? UNKNOWN_WORD;
    }
    words.ids[n] = id;
    if (id === E_CODE) words.codes[n] = s.slice(start, i);
    n++;
  }
  words.count = n;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isENumber(s: string, start: number, end: number): boolean {
  return isDigit(s.charCodeAt(start + 1)) && E_NUMBER.test(s.slice(start, end));
}

/** One ingredient as it is being read. */
export interface LabelItem {
  /** A word in it (or in its notes) is an additive, a concern or an ultra-processed marker. */
  flagged: boolean;
  /** "no" / "without" was read: the rest of the ingredient does not count. */
  negated: boolean;
  /** Character spans [from, to) of its name, as pairs. */
  spans: number[];
  /** Letters and digits in its name. */
  wordChars: number;
  /** The text before its last colon ("emulsifier: lecithins"), used as name when nothing follows. */
  noteFrom: number;
  noteTo: number;
  noteWordChars: number;
  hasNote: boolean;
  /** Already placed in its level's list (it has parts listed after it). */
  placed: boolean;
  dropped: boolean;
  /**
   * What the matcher found in it (the phrase index's flags), plus the flags a part takes from the
   * ingredient it belongs to: "vegetable oil (sunflower, rapeseed)" makes sunflower part of an oil.
   */
  flags: number;
  /** 0 for an ingredient of the product itself, 1 for a part of one, and so on. */
  depth: number;
}

/** Called with each run of words [from, to) between two punctuation marks of an ingredient. */
export type SegmentMatcher = (s: string, from: number, to: number, item: LabelItem) => void;

interface Level {
  depth: number;
  items: LabelItem[];
  current: LabelItem;
}

const MAX_DEPTH = 16;
/** A purpose ("to preserve freshness", "added for colour retention") or an allergen note ("contains gluten"). */
const NOTE_CLAUSE = /^(?:to|for|as|(?:added|used) (?:to|for|as)|contains?)\s/;
const ANNOTATION_PREFIX = /^(?:an?|from|e\.g\.)\s/;
const E_NUMBER_ONLY = /^e\s?-?\d{3,4}[a-z]{0,4}$/;
/** "(1.5 mg)", "(148g per 100g ketchup)": an amount, not an ingredient. */
const QUANTITY = /^\d/;
const MAX_ANNOTATION_LENGTH = 40;

/** What an additive does ("preservative (calcium propionate)"): the name of no ingredient. */
const FUNCTION_CLASSES = [
  'preservative',
  'preservatives',
  'emulsifier',
  'emulsifiers',
  'colour',
  'color',
  'colouring',
  'coloring',
  'antioxidant',
  'antioxidants',
  'stabiliser',
  'stabilizer',
  'thickener',
  'sweetener',
  'acidity regulator',
  'acidulant',
  'raising agent',
  'leavening',
  'leavening agent',
  'flavour enhancer',
  'flavor enhancer',
  'humectant',
  'firming agent',
  'glazing agent',
  'anti-caking agent',
  'anticaking agent',
  'gelling agent',
  'dough conditioner',
];

/** "(processed with alkali)": how its ingredient was made, not a part of it. */
const PROCESSING_NOTE = /^(?:processed|treated|made) with\b/;

const FUNCTION_CLASS_NAMES: ReadonlySet<string> = new Set(FUNCTION_CLASSES);

/** A label item that names no ingredient: an additive's function or a note on how one was made. */
export const namesNoIngredient = (text: string) =>
  FUNCTION_CLASS_NAMES.has(text) || (text.includes(' with') && PROCESSING_NOTE.test(text));

/** Single-item brackets that describe their ingredient rather than list its parts. */
const ANNOTATIONS = new Set([
  ...FUNCTION_CLASSES,
  'milk',
  'dairy',
  'soy',
  'soya',
  'wheat',
  'gluten',
  'barley',
  'oats',
  'rye',
  'egg',
  'eggs',
  'fish',
  'shellfish',
  'crustaceans',
  'molluscs',
  'peanut',
  'peanuts',
  'tree nut',
  'tree nuts',
  'nuts',
  'sesame',
  'celery',
  'mustard',
  'lupin',
  'sulphites',
  'sulfites',
]);

function newItem(depth: number): LabelItem {
  return {
    flagged: false,
    negated: false,
    spans: [],
    wordChars: 0,
    noteFrom: 0,
    noteTo: 0,
    noteWordChars: 0,
    hasNote: false,
    placed: false,
    dropped: false,
    flags: 0,
    depth,
  };
}

function newLevel(depth: number): Level {
  return { depth, items: [], current: newItem(depth) };
}

/** Letters and digits of the words in [from, to). */
function wordChars(from: number, to: number): number {
  let chars = 0;
  for (let k = from; k < to; k++) chars += words.ends[k]! - words.starts[k]!;
  return chars;
}

/** The trimmed text of s[from, to) without a leading "and"/"with"/"or" and trailing punctuation. */
function trimmedSlice(s: string, from: number, to: number): string {
  while (from < to && s.charCodeAt(from) === 32) from++;
  if (s.startsWith('and ', from)) from += 4;
  else if (s.startsWith('with ', from)) from += 5;
  else if (s.startsWith('or ', from) || s.startsWith('& ', from)) from += 3;
  while (to > from) {
    const last = s.charCodeAt(to - 1);
    if (last !== 32 && last !== 46 /* . */ && last !== 45 /* - */ && last !== 58 /* : */) break;
    to--;
  }
  return s.slice(from, to);
}

/** The name of an ingredient as written (lower case). */
export function itemText(s: string, item: LabelItem): string {
  const { spans } = item;
  if (item.wordChars === 0) return trimmedSlice(s, item.noteFrom, item.noteTo);
  if (spans.length === 2) return trimmedSlice(s, spans[0]!, spans[1]!);
  let joined = '';
  for (let k = 0; k < spans.length; k += 2) joined += `${s.slice(spans[k]!, spans[k + 1]!)} `;
  joined = joined.replace(/ {2,}/g, ' ');
  return trimmedSlice(joined, 0, joined.length);
}

function isAnnotation(s: string, items: LabelItem[]): boolean {
  if (items.length === 0) return true;
  const item = items[0]!;
  if (items.length !== 1 || item.hasNote || item.wordChars > MAX_ANNOTATION_LENGTH) return false;
  const text = itemText(s, item);
  if (NOTE_CLAUSE.test(text)) return true;
  const stripped = text.replace(ANNOTATION_PREFIX, '');
  return ANNOTATIONS.has(stripped) || E_NUMBER_ONLY.test(stripped) || QUANTITY.test(stripped);
}

export interface ReadLabel {
  /** The normalised label the items' spans point into. */
  text: string;
  items: LabelItem[];
}

interface Reader {
  s: string;
  match: SegmentMatcher | null;
  /** The flags a part takes from the ingredient it belongs to. */
  inheritedFlags: number;
  stack: Level[];
  level: Level;
  /** Start of the run of words not yet handed to the matcher. */
  segmentWord: number;
  segmentChar: number;
  /** Brackets opened beyond MAX_DEPTH, read as plain punctuation. */
  ignoredDepth: number;
}

/** Ends the current run of words at word `wordTo`, character `charTo`. */
function flush(r: Reader, wordTo: number, charTo: number): void {
  const item = r.level.current;
  if (wordTo > r.segmentWord) {
    item.spans.push(r.segmentChar, charTo);
    item.wordChars += wordChars(r.segmentWord, wordTo);
    if (r.match !== null && !item.negated) r.match(r.s, r.segmentWord, wordTo, item);
  }
  r.segmentWord = wordTo;
  r.segmentChar = charTo + 1;
}

function finishItem(level: Level): void {
  const item = level.current;
  const valid = item.wordChars >= 2 || (item.wordChars === 0 && item.noteWordChars >= 2);
  if (item.placed) item.dropped = !valid;
  else if (valid) level.items.push(item);
  level.current = newItem(level.depth);
}

/**
 * After ":" what came before labels what follows ("emulsifier: lecithins"), so a "no" or a
 * purpose in that label ("for the filling: …") leaves what follows counted.
 */
function startAfterColon(item: LabelItem): void {
  item.negated = false;
  if (item.wordChars > 0) {
    item.noteFrom = item.spans[item.spans.length - 2]!;
    item.noteTo = item.spans[item.spans.length - 1]!;
    item.noteWordChars = item.wordChars;
    item.hasNote = true;
  }
  item.spans = [];
  item.wordChars = 0;
}

/** Closes a bracket: its content is an annotation of the ingredient before it, or that ingredient's parts. */
function closeLevel(r: Reader): void {
  finishItem(r.level);
  const inner = r.stack.pop()!;
  r.level = r.stack[r.stack.length - 1]!;
  const parent = r.level.current;
  if (isAnnotation(r.s, inner.items)) {
    if (inner.items.length > 0) {
      parent.hasNote = true;
      if (inner.items[0]!.flagged) parent.flagged = true;
    }
    return;
  }
  if (!parent.placed) {
    parent.placed = true;
    r.level.items.push(parent);
  }
  for (const item of inner.items) {
    item.flags |= parent.flags & r.inheritedFlags;
    r.level.items.push(item);
  }
}

function onPunctuation(r: Reader, c: number, p: number, k: number): void {
  const { s } = r;
  if (
    c === 44 ||
    c === 59 ||
    c === 8226 ||
    c === 183 ||
    c === 124 ||
    (c === 46 && (p + 1 === s.length || s.charCodeAt(p + 1) === 32))
  ) {
    // , ; • · |  and a full stop that ends an ingredient or a sentence, not a decimal point
    flush(r, k, p);
    finishItem(r.level);
  } else if (c === 58) {
    flush(r, k, p);
    startAfterColon(r.level.current);
  } else if (c === 40 || c === 91 || c === 123) {
    flush(r, k, p);
    if (r.stack.length > MAX_DEPTH) r.ignoredDepth++;
    else {
      r.level = newLevel(r.stack.length);
      r.stack.push(r.level);
    }
  } else if (c === 41 || c === 93 || c === 125) {
    // A closer without its opener separates words but closes nothing.
    flush(r, k, p);
    if (r.ignoredDepth > 0) r.ignoredDepth--;
    else if (r.stack.length > 1) closeLevel(r);
  }
}

/**
 * Reads a label into ingredients, a compound ingredient before its parts. Brackets nested
 * deeper than MAX_DEPTH are read as plain punctuation (no recursion anywhere).
 */
export function readLabel(
  label: string,
  lookup: WordLookup | null,
  match: SegmentMatcher | null,
  inheritedFlags = 0,
): ReadLabel {
  const s = normaliseLabel(label);
  tokenize(s, lookup);
  const { count, starts, ends } = words;
  const top = newLevel(0);
  const r: Reader = {
    s,
    match,
    inheritedFlags,
    stack: [top],
    level: top,
    segmentWord: 0,
    segmentChar: 0,
    ignoredDepth: 0,
  };
  for (let k = 0; k <= count; k++) {
    const gapTo = k < count ? starts[k]! : s.length;
    for (let p = k === 0 ? 0 : ends[k - 1]!; p < gapTo; p++) {
      const c = s.charCodeAt(p);
      if (c !== 32) onPunctuation(r, c, p, k);
    }
  }
  flush(r, count, s.length);
  while (r.stack.length > 1) closeLevel(r);
  finishItem(top);
  const items = top.items.some(isDropped) ? top.items.filter(isKept) : top.items;
  return { text: s, items };
}

function isDropped(item: LabelItem): boolean {
  return item.dropped;
}

function isKept(item: LabelItem): boolean {
  return !item.dropped;
}
