import type { Severity } from '@labelwise/reference-data';
import type { Preferences } from '../events/preferences';
import type { AnalysisSummary } from '../events/product-events';
import { dietaryAlerts, wantedDietary } from './dietary';
import { NOVA_SOURCE, additiveReason, ingredientReason, processingReason } from './explain';
import {
  FLAG_COAGULANT,
  FLAG_CULINARY,
  FLAG_FAT,
  FLAG_FIRMING_AGENT,
  FLAG_PROCESSING_WORD,
  FLAG_SALT,
  FLAG_SUGAR,
  FLAG_ULTRA,
  categoryKey,
  hasOtherLabelVocabularies,
  phraseIndex,
} from './phrase-index';
import { classifyProcessing, rate, type ProcessingSignals } from './rules';
import { labelLanguage } from './label-language';
import { scanLabel, type LabelScan } from './scan';
import type { AnalysisContext, AnalysisResult, Concern } from './types';

const severityOrder: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

function bitCount(bits: number): number {
  let count = 0;
  for (let b = bits; b !== 0; b &= b - 1) count++;
  return count;
}

function bySeverity(a: Concern, b: Concern): number {
  return severityOrder[a.severity] - severityOrder[b.severity];
}

/**
 * The additives and ingredients that are a concern, each with why and its source. An additive
 * whose own record finds no risk (low severity: no EFSA overexposure risk, not on ANSES' list)
 * still counts as an additive but is not listed as a concern.
 */
function concernsOf(scan: LabelScan): Concern[] {
  const concerns: Concern[] = [];
  for (const { additive, concern } of scan.additives.values()) {
    const severity =
      concern && severityOrder[concern.severity] <= severityOrder[additive.severity]
        ? concern.severity
        : additive.severity;
    if (severity === 'low') continue;
    concerns.push({
      name: `${concern?.name ?? additive.name} (${additive.code})`,
      reason: additiveReason(additive, concern),
      severity,
      category: concern?.category ?? additive.category,
      ...(additive.source ? { source: additive.source } : {}),
    });
  }
  for (const concern of scan.concerns.values()) {
    if (concern.severity === 'low') continue;
    concerns.push({
      name: concern.name,
      reason: ingredientReason(concern),
      severity: concern.severity,
      category: concern.category,
    });
  }
  return concerns.sort(bySeverity);
}

function inCategory(context: AnalysisContext | undefined, known: ReadonlySet<string>): boolean {
  for (const category of context?.categories ?? []) if (known.has(categoryKey(category))) return true;
  return false;
}

/** The label's language when its vocabulary is registered, else English (nothing to detect without one). */
function readableLanguage(text: string): string {
  return hasOtherLabelVocabularies() ? labelLanguage(text) : 'en';
}

/**
 * Rates an ingredient list: pure and synchronous, the same code in the browser
 * and on the server, which recomputes every stored rating.
 */
export function analyseIngredients(
  text: string,
  preferences?: Preferences,
  context?: AnalysisContext,
): AnalysisResult {
  const wanted = wantedDietary(preferences);
  const scan = scanLabel(text, wanted, phraseIndex(readableLanguage(text)));
  const additiveCount = scan.additives.size;
  const index = phraseIndex();
  const culinaryAddition =
    (scan.flags & FLAG_CULINARY) !== 0 &&
    scan.ingredientCount >= 2 &&
    scan.otherFoods >= 1 &&
    !scan.kitchenIngredient &&
    !inCategory(context, index.culinaryCategories);
  // Vitamins (with or without minerals) added to a recipe that already adds a kitchen ingredient
  // and an additive to its foods (an oat drink with oil and phosphate, a sugared cereal) are part
  // of a formulation, as in NOVA's fortified drinks and cereals; on their own they stay neutral,
  // and a mineral salt alone (calcium carbonate in a self-raising flour) fortifies nothing.
  const fortifiedFormulation = scan.addedVitamin && additiveCount >= 1 && culinaryAddition;
  const signals: ProcessingSignals = {
    keyMarker:
      (scan.flags & FLAG_ULTRA) !== 0 ||
      ((scan.flags & FLAG_FIRMING_AGENT) !== 0 && (scan.flags & FLAG_COAGULANT) === 0) ||
      fortifiedFormulation,
    fortifiedFormulation,
    processingTerms: bitCount(scan.terms),
    additiveCount,
    processingWord: (scan.flags & FLAG_PROCESSING_WORD) !== 0,
    culinaryAddition,
    kitchenIngredient: scan.kitchenIngredient,
    stapleWords: bitCount(scan.staples),
    hasSalt: (scan.flags & FLAG_SALT) !== 0,
    hasSugar: (scan.flags & FLAG_SUGAR) !== 0,
    hasFat: (scan.flags & FLAG_FAT) !== 0,
    ingredientCount: scan.ingredientCount,
    processedCategory: inCategory(context, index.processedCategories),
  };
  const verdict = classifyProcessing(signals);
  const concerns = concernsOf(scan);
  return {
    rating: rate(verdict, additiveCount, concerns),
    concerns,
    cleanIngredients: scan.cleanIngredients,
    additiveCount,
    ...verdict,
    processingReason: processingReason(signals, verdict, scan),
    processingSource: NOVA_SOURCE,
    dietaryAlerts: dietaryAlerts(scan, wanted),
  };
}

/** The part of an analysis the server stores with a product. */
export function summariseAnalysis(result: AnalysisResult): AnalysisSummary {
  return {
    rating: result.rating,
    processingLevel: result.processingLevel,
    additiveCount: result.additiveCount,
    isProcessed: result.isProcessed,
    isUltraProcessed: result.isUltraProcessed,
    concerns: result.concerns.map(({ name, severity, reason, source }) => ({
      name,
      severity,
      reason,
      ...(source ? { source } : {}),
    })),
    processingReason: result.processingReason,
  };
}
