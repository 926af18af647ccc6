import { analyseIngredients, summariseAnalysis } from '../analyser';
import type { Rating } from '../events/ratings';
import type { AnalysisSummary } from '../events/product-events';

export interface ProductAssessment {
  rating: Rating;
  analysis: AnalysisSummary;
}

export type VerdictSource = NonNullable<AnalysisSummary['readFrom']>;

/**
 * The server's own verdict on a product: a client-sent rating is never trusted. `readFrom` says
 * where an English list read from Open Food Facts' ingredient analysis came from.
 */
export function assessIngredients(
  ingredients: string,
  categories?: readonly string[],
  readFrom?: VerdictSource,
): ProductAssessment {
  const analysis = summariseAnalysis(
    analyseIngredients(ingredients, undefined, categories ? { categories } : undefined),
  );
  return { rating: analysis.rating, analysis: readFrom ? { ...analysis, readFrom } : analysis };
}
