import type { ConcernIngredient, Severity } from '@labelwise/reference-data';
import { E_CODE, itemText, namesNoIngredient, readLabel, words, type LabelItem } from './label-reader';
import { isClaimOnly } from './label-statements';
import {
  DIETARY_KEYS,
  FLAG_COAGULANT,
  FLAG_COMPANION,
  FLAG_CULINARY,
  FLAG_FIRMING_AGENT,
  FLAG_FORTIFICANT,
  FLAG_PROCESSING_WORD,
  FLAG_SUGAR,
  FLAG_ULTRA,
  FLAG_VITAMIN,
  KIND_MASK,
  PART_MASK,
  WordRole,
  dietaryBit,
  partsOfKinds,
  phraseIndex,
  type AdditiveInfo,
  type PhraseFeatures,
  type PhraseIndex,
} from './phrase-index';

/** What one pass over a label found. */
export interface LabelScan {
  flags: number;
  terms: number;
  staples: number;
  /** Additive family code → the most severe member seen. */
  additives: Map<string, AdditiveInfo>;
  /** Known-concern ingredients that are not additives, by id. */
  concerns: Map<string, ConcernIngredient>;
  /** Per dietary key (index of DIETARY_KEYS), the label words that matched; only for wanted keys. */
  dietaryMatches: string[][];
  cleanIngredients: string[];
  ingredientCount: number;
  /** Ingredients that name no culinary ingredient: the foods a culinary one may be added to. */
  otherFoods: number;
  /** The product is itself a kitchen ingredient, with its own parts or seasonings (see `isKitchenIngredient`). */
  kitchenIngredient: boolean;
  /** A vitamin is among the nutrients added to the product itself (a mineral salt alone fortifies nothing). */
  addedVitamin: boolean;
  /** The label's words behind each processing signal, as written (lower case), for the explanation. */
  evidence: ProcessingEvidence;
}

export interface ProcessingEvidence {
  ultra: string[];
  firmingAgent: string[];
  terms: string[];
  processingWords: string[];
  culinary: string[];
  /** Vitamins and minerals added to the product itself, not to one of its ingredients (fortified flour). */
  addedNutrients: string[];
}

function note(list: string[], text: string): void {
  if (!list.includes(text)) list.push(text);
}

const E_NUMBER_WRITTEN = /^e\s?-?\d/;
const severityRank: Record<Severity, number> = { low: 0, medium: 1, high: 2 };
const ROMAN_SUFFIX = /^(e\d{3,4}[a-h]?)(?:i{1,3}|iv|vi{0,3})$/;

const unknownCodes = new Map<string, AdditiveInfo>();

/** An E-number the table lacks still counts as an additive. */
function unknownAdditive(code: string): AdditiveInfo | undefined {
  const digits = Number.parseInt(code.slice(1), 10);
  if (digits < 100 || digits > 1599) return undefined;
  const display = `E${code.slice(1)}`;
  let info = unknownCodes.get(display);
  if (!info) {
    info = {
      additive: {
        code: display,
        name: display,
        names: [],
        functionalClass: 'other',
        category: 'additive',
        severity: 'low',
        reason:
          'An E-number missing from our additive table; check what it is before relying on this rating.',
        source: null,
        novaGroup: null,
      },
      family: display,
      ultra: false,
      terms: 0,
      dietary: dietaryBit('noENumbers'),
      concern: undefined,
    };
    unknownCodes.set(display, info);
  }
  return info;
}

function resolveCode(code: string, index: PhraseIndex): AdditiveInfo | undefined {
  const table = index.additivesByCode;
  const digits = code.match(/^e\d+/)![0];
  return (
    table.get(code) ??
    table.get(code.replace(ROMAN_SUFFIX, '$1')) ??
    table.get(code.slice(0, digits.length + 1)) ??
    table.get(digits) ??
    unknownAdditive(digits)
  );
}

class ScanAccumulator implements LabelScan {
  flags = 0;
  terms = 0;
  staples = 0;
  additives = new Map<string, AdditiveInfo>();
  concerns = new Map<string, ConcernIngredient>();
  dietaryMatches: string[][];
  cleanIngredients: string[] = [];
  ingredientCount = 0;
  otherFoods = 0;
  kitchenIngredient = false;
  addedVitamin = false;
  /** Where the last fortificant or coagulant named on the label ends (-1: none yet). */
  culinaryNameEnd = -1;
  evidence: ProcessingEvidence = {
    ultra: [],
    firmingAgent: [],
    terms: [],
    processingWords: [],
    culinary: [],
    addedNutrients: [],
  };

  constructor(readonly wantedDietary: number) {
    this.dietaryMatches = wantedDietary === 0 ? [] : DIETARY_KEYS.map(() => []);
  }

  private noteDietary(bits: number, match: string): void {
    for (let k = 0; k < DIETARY_KEYS.length; k++) {
      if (bits & (1 << k)) {
        const matches = this.dietaryMatches[k]!;
        if (!matches.includes(match)) matches.push(match);
      }
    }
  }

  addAdditive(info: AdditiveInfo, text: string, start: number, end: number): void {
    const previous = this.additives.get(info.family);
    if (!previous || severityRank[info.additive.severity] > severityRank[previous.additive.severity]) {
      this.additives.set(info.family, info);
    }
    if (info.ultra || info.terms) {
      // As written ("soy lecithin"), or by name when written as a number ("E471").
      const written = text.slice(start, end);
      const label = E_NUMBER_WRITTEN.test(written) ? info.additive.name.toLowerCase() : written;
      if (info.ultra) {
        this.flags |= FLAG_ULTRA;
        note(this.evidence.ultra, label);
      }
      if (info.terms) note(this.evidence.terms, label);
    }
    this.terms |= info.terms;
    const wanted = info.dietary & this.wantedDietary;
    if (wanted) {
      const eNumbers = dietaryBit('noENumbers');
      if (wanted & eNumbers) this.noteDietary(eNumbers, info.family);
      if (wanted & ~eNumbers) this.noteDietary(wanted & ~eNumbers, text.slice(start, end));
    }
  }

  /** Returns whether the phrase makes its ingredient one to worry about. */
  apply(features: PhraseFeatures, text: string, start: number, end: number): boolean {
    if (features.flags & (FLAG_FORTIFICANT | FLAG_COAGULANT)) this.culinaryNameEnd = end;
    this.flags |= features.flags;
    this.terms |= features.terms;
    this.staples |= features.staples;
    if (
      features.flags & (FLAG_ULTRA | FLAG_FIRMING_AGENT | FLAG_PROCESSING_WORD | FLAG_CULINARY) ||
      features.terms
    ) {
      const phrase = text.slice(start, end);
      const { evidence } = this;
      if (features.flags & FLAG_ULTRA && !features.additive?.ultra) note(evidence.ultra, phrase);
      if (features.flags & FLAG_FIRMING_AGENT) note(evidence.firmingAgent, phrase);
      if (features.terms && !features.additive?.terms) note(evidence.terms, phrase);
      if (features.flags & FLAG_PROCESSING_WORD) note(evidence.processingWords, phrase);
      if (features.flags & FLAG_CULINARY) note(evidence.culinary, phrase);
    }
    const dietary = features.dietary & this.wantedDietary;
    if (dietary) this.noteDietary(dietary, text.slice(start, end));
    if (features.additive) this.addAdditive(features.additive, text, start, end);
    if (features.concern) this.concerns.set(features.concern.id, features.concern);
    return (
      features.additive !== null ||
      features.concern !== null ||
      (features.flags & (FLAG_ULTRA | FLAG_FIRMING_AGENT)) !== 0
    );
  }
}

/** Longest gap (in words) a multi-word marker may have: "invert cane sugar syrup" is "invert sugar syrup". */
const MAX_GAP = 1;
const MARKER_FLAGS = FLAG_ULTRA | FLAG_FIRMING_AGENT;

function wordIs(s: string, k: number, word: string): boolean {
  const start = words.starts[k]!;
  return words.ends[k]! - start === word.length && s.startsWith(word, start);
}

/** A word that may sit inside a marker phrase: not a number, an E-number, "and"/"or" or a negation. */
function isGapWord(s: string, k: number): boolean {
  const id = words.ids[k]!;
  if (id === E_CODE || words.numeric[k] || (id >= 0 && index.roles[id] !== WordRole.None)) return false;
  return !wordIs(s, k, 'and') && !wordIs(s, k, 'or') && !wordIs(s, k, 'with') && !wordIs(s, k, 'in');
}

function isMarker(features: PhraseFeatures): boolean {
  return (features.flags & MARKER_FLAGS) !== 0 || features.terms !== 0 || features.concern !== null;
}

let acc: ScanAccumulator;
let index: PhraseIndex;

const BRACKET_OPEN = /^ ?[([] ?$/;

/** An E-number in brackets right after a fortificant or coagulant names it: "calcium carbonate (E170)". */
function namesCulinary(s: string, codeStart: number): boolean {
  const from = acc.culinaryNameEnd;
  return from >= 0 && codeStart - from <= 3 && BRACKET_OPEN.test(s.slice(from, codeStart));
}

/**
 * Matches the longest known phrase at each word of a run, honouring "no", "non-" and "-free".
 * Module state instead of a closure keeps the per-call cost down (the reader calls it per run).
 */
function matchSegment(s: string, from: number, to: number, item: LabelItem): void {
  const { ids, starts, ends, numeric, codes } = words;
  const { root, roles } = index;
  let negateNext = false;
  let i = from;
  while (i < to) {
    const id = ids[i]!;
    if (id === E_CODE) {
      const info = negateNext || namesCulinary(s, starts[i]!) ? undefined : resolveCode(codes[i]!, index);
      if (info) {
        acc.addAdditive(info, s, starts[i]!, ends[i]!);
        item.flagged = true;
      }
      negateNext = false;
      i++;
      continue;
    }
    let node = root;
    let features: PhraseFeatures | null = null;
    let end = i;
    let gaps = 0;
    for (let j = i; j < to; j++) {
      let next = node.next?.get(ids[j]!);
      if (!next && node !== root && gaps < MAX_GAP && j + 1 < to && isGapWord(s, j)) {
        next = node.next?.get(ids[j + 1]!);
        if (next) {
          gaps++;
          j++;
        }
      }
      if (!next) break;
      node = next;
      if (node.features && (gaps === 0 || isMarker(node.features))) {
        features = node.features;
        end = j + 1;
      }
    }
    if (features) {
      const freed = end < to && ids[end]! >= 0 && ids[end] !== E_CODE && roles[ids[end]!] === WordRole.Free;
      if (!negateNext && !freed) {
        if (acc.apply(features, s, starts[i]!, ends[end - 1]!)) item.flagged = true;
        item.flags |= features.flags;
        // Iodised salt is a fortified kitchen ingredient, like fortified flour, not a nutrient added.
        if ((features.flags & (FLAG_FORTIFICANT | FLAG_CULINARY)) === FLAG_FORTIFICANT && item.depth === 0) {
          note(acc.evidence.addedNutrients, s.slice(starts[i]!, ends[end - 1]!));
          if (features.flags & FLAG_VITAMIN) acc.addedVitamin = true;
        }
      }
      negateNext = false;
      i = freed ? end + 1 : end;
      continue;
    }
    const role = id >= 0 ? roles[id] : WordRole.None;
    if (
      (role === WordRole.NegateRest && !(i + 1 < to && numeric[i + 1])) ||
      (role === WordRole.Purpose && i + 1 < to)
    ) {
      item.negated = true;
      return;
    }
    if (
      role === WordRole.Free &&
      i + 1 < to &&
      ids[i + 1]! >= 0 &&
      roles[ids[i + 1]!] === WordRole.FreeObject
    ) {
      item.negated = true;
      return;
    }
    negateNext = role === WordRole.NegateNext;
    i++;
  }
}

/** A culinary ingredient or fortificant, or a part of one. */
const CULINARY_ITEM = FLAG_CULINARY | FLAG_FORTIFICANT;
/** What a part takes from the ingredient it belongs to ("maple syrup (maple sap)", "spices (cinnamon)"). */
const INHERITED_FLAGS = CULINARY_ITEM | FLAG_COMPANION | PART_MASK;

/**
 * The product is itself a kitchen ingredient, nothing added to a food: kitchen ingredients and
 * their own parts ("wine vinegar, concentrated grape must", "butter, salt"), and, for one kind
 * of kitchen ingredient, water, spices or herbs too ("creamed honey, cinnamon", "sweet potato
 * starch, water"; but "vinegar, red pepper, salt" is a salted sauce). A kitchen ingredient or one
 * of its parts ("grape must, wine vinegar") comes first; additives are judged by their own rules.
 */
function isKitchenIngredient(items: readonly LabelItem[], kinds: number): boolean {
  if (kinds === 0 || items.length === 0) return false;
  const parts = partsOfKinds(kinds);
  if (!(items[0]!.flags & (FLAG_CULINARY | parts))) return false;
  const oneKind = (kinds & (kinds - 1)) === 0;
  const allowed = CULINARY_ITEM | parts | (oneKind ? FLAG_COMPANION : 0);
  for (const item of items) if (!item.flagged && !(item.flags & allowed)) return false;
  return true;
}

/** Reads a label with `labelIndex`: the English phrases, plus those of the label's language. */
export function scanLabel(text: string, wantedDietary: number, labelIndex = phraseIndex()): LabelScan {
  index = labelIndex;
  acc = new ScanAccumulator(wantedDietary);
  const label = readLabel(text, index, matchSegment, INHERITED_FLAGS);
  const clean = new Set<string>();
  let kinds = 0;
  const ingredients: LabelItem[] = [];
  for (const item of label.items) {
    // Added sugars and syrups are never clean, whatever else the label says of them; "preservative"
    // or "processed with alkali" is no ingredient at all, and an element of claim words alone is none.
    if (!item.flagged && !(item.flags & FLAG_SUGAR)) {
      const name = itemText(label.text, item);
      if (item.flags === 0 && isClaimOnly(name)) continue;
      if (!namesNoIngredient(name)) clean.add(name);
    }
    if (!(item.flags & CULINARY_ITEM)) acc.otherFoods++;
    kinds |= item.flags & KIND_MASK;
    ingredients.push(item);
  }
  acc.cleanIngredients = [...clean];
  acc.ingredientCount = ingredients.length;
  acc.kitchenIngredient = isKitchenIngredient(ingredients, kinds);
  return acc;
}
