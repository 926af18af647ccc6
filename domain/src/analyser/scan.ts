import type { ConcernIngredient, Severity } from '@labelwise/reference-data';
import { E_CODE, itemText, readLabel, words, type LabelItem } from './label-reader';
import {
  DIETARY_KEYS,
  FLAG_ULTRA,
  WordRole,
  dietaryBit,
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
}

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
    if (info.ultra) this.flags |= FLAG_ULTRA;
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
    this.flags |= features.flags;
    this.terms |= features.terms;
    this.staples |= features.staples;
    const dietary = features.dietary & this.wantedDietary;
    if (dietary) this.noteDietary(dietary, text.slice(start, end));
    if (features.additive) this.addAdditive(features.additive, text, start, end);
    if (features.concern) this.concerns.set(features.concern.id, features.concern);
    return features.additive !== null || features.concern !== null || (features.flags & FLAG_ULTRA) !== 0;
  }
}

let acc: ScanAccumulator;
let index: PhraseIndex;

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
      const info = negateNext ? undefined : resolveCode(codes[i]!, index);
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
    for (let j = i; j < to; j++) {
      const next = node.next?.get(ids[j]!);
      if (!next) break;
      node = next;
      if (node.features) {
        features = node.features;
        end = j + 1;
      }
    }
    if (features) {
      const freed = end < to && ids[end]! >= 0 && ids[end] !== E_CODE && roles[ids[end]!] === WordRole.Free;
      if (!negateNext && !freed && acc.apply(features, s, starts[i]!, ends[end - 1]!)) item.flagged = true;
      negateNext = false;
      i = freed ? end + 1 : end;
      continue;
    }
    const role = id >= 0 ? roles[id] : WordRole.None;
    if (role === WordRole.NegateRest && !(i + 1 < to && numeric[i + 1])) {
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

export function scanLabel(text: string, wantedDietary: number): LabelScan {
  index = phraseIndex();
  acc = new ScanAccumulator(wantedDietary);
  const label = readLabel(text, index, matchSegment);
  const clean = new Set<string>();
  for (const item of label.items) if (!item.flagged) clean.add(itemText(label.text, item));
  acc.cleanIngredients = [...clean];
  acc.ingredientCount = label.items.length;
  return acc;
}
