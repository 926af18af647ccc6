import type { Rating } from '../events/ratings';
import type { Concern, ProcessingLevel } from './types';

/** The processing and rating thresholds, in one place. */
export const analysisThresholds = {
  highProcessingTerms: 3,
  highAdditives: 5,
  moderateProcessingTerms: 1,
  moderateAdditives: 2,
  moderateStapleWords: 3,
  saltSugarFatAdditives: 2,
  manyIngredients: 10,
  manyIngredientsAdditives: 3,
  manyIngredientsUltraAdditives: 5,
  redWhenProcessedAdditives: 3,
} as const;

export interface ProcessingSignals {
  /** A key ultra-processed marker (flavouring, emulsifier, maltodextrin, a NOVA 4 additive...). */
  keyMarker: boolean;
  /** The key marker of a fortified formulation: vitamins or minerals added with oil, sugar or salt and an additive. */
  fortifiedFormulation: boolean;
  /** Distinct processing terms matched. */
  processingTerms: number;
  additiveCount: number;
  /** A culinary processing word such as dried or smoked. */
  processingWord: boolean;
  /** Salt, an added oil or fat, starch or honey added to another food (not the product itself). */
  culinaryAddition: boolean;
  /** The product is itself one kitchen ingredient with its own parts or seasonings (a vinegar with grape must). */
  kitchenIngredient: boolean;
  /** Distinct staple words among flour, starch, oil, sugar, salt, vinegar. */
  stapleWords: number;
  hasSalt: boolean;
  hasSugar: boolean;
  hasFat: boolean;
  ingredientCount: number;
  /** The product's category is a processed food (only when categories are given). */
  processedCategory: boolean;
}

export interface ProcessingVerdict {
  processingLevel: ProcessingLevel;
  isProcessed: boolean;
  isUltraProcessed: boolean;
}

/** The processing level, with the salt-sugar-fat and long-list rules; ultra-processed forces level high. */
export function classifyProcessing(s: ProcessingSignals): ProcessingVerdict {
  const t = analysisThresholds;
  let ultra = s.keyMarker || s.processingTerms >= t.highProcessingTerms || s.additiveCount >= t.highAdditives;
  let processed =
    s.processingTerms >= t.moderateProcessingTerms ||
    s.additiveCount >= t.moderateAdditives ||
    s.processingWord ||
    s.culinaryAddition ||
    s.stapleWords >= t.moderateStapleWords ||
    s.processedCategory;
  if (s.hasSalt && s.hasSugar && s.hasFat && s.additiveCount >= t.saltSugarFatAdditives) {
    processed = true;
    if (s.processingTerms > 0) ultra = true;
  }
  if (s.ingredientCount >= t.manyIngredients && s.additiveCount >= t.manyIngredientsAdditives) {
    processed = true;
    if (s.additiveCount >= t.manyIngredientsUltraAdditives) ultra = true;
  }
  return {
    processingLevel: ultra ? 'high' : processed ? 'moderate' : 'minimal',
    isProcessed: processed || ultra,
    isUltraProcessed: ultra,
  };
}

function anyOfSeverity(concerns: readonly Concern[], severity: Concern['severity']): boolean {
  for (const concern of concerns) if (concern.severity === severity) return true;
  return false;
}

/** The rating rules, in order; the first that holds decides. */
export function rate(
  verdict: ProcessingVerdict,
  additiveCount: number,
  concerns: readonly Concern[],
): Rating {
  if (verdict.isUltraProcessed) return 'red';
  if (verdict.isProcessed)
    return additiveCount >= analysisThresholds.redWhenProcessedAdditives ? 'red' : 'amber';
  if (anyOfSeverity(concerns, 'high') || verdict.processingLevel === 'high') return 'red';
  if (anyOfSeverity(concerns, 'medium') || verdict.processingLevel === 'moderate' || additiveCount >= 1) {
    return 'amber';
  }
  return 'green';
}
