import { analyseIngredients, summariseAnalysis } from '../analyser';
import type { Rating } from '../contracts/rating';
import type { AnalysisSummary } from '../events/product-events';

export interface ProductAssessment {
  rating: Rating;
  analysis: AnalysisSummary;
}

/** The server's own verdict on a product: a client-sent rating is never trusted. */
export function assessIngredients(ingredients: string, categories?: readonly string[]): ProductAssessment {
  const analysis = summariseAnalysis(
    analyseIngredients(ingredients, undefined, categories ? { categories } : undefined),
  );
  return { rating: analysis.rating, analysis };
}
