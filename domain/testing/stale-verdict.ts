import type { ProductVerdict } from '../src/products/product-document';

/** A fortified flour: neither processing nor a concern for today's analyser (green). */
export const FORTIFIED_FLOUR = 'Wheat flour (wheat flour, calcium carbonate, iron, niacin, thiamin)';

/**
 * Its verdict as an analyser recorded it before fortification was told from processing: red,
 * ultra-processed, E170 (calcium carbonate) a colour of medium concern.
 */
export const flourVerdictBeforeFortification: ProductVerdict = {
  rating: 'red',
  analysis: {
    rating: 'red',
    processingLevel: 'high',
    additiveCount: 1,
    isProcessed: true,
    isUltraProcessed: true,
    concerns: [{ name: 'E170', severity: 'medium' }],
  },
};
