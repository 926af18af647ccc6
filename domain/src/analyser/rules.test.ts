import { describe, expect, it } from 'vitest';
import {
  analysisThresholds,
  classifyProcessing,
  rate,
  type ProcessingSignals,
  type ProcessingVerdict,
} from './rules';
import type { Concern } from './types';

const none: ProcessingSignals = {
  keyMarker: false,
  fortifiedFormulation: false,
  processingTerms: 0,
  additiveCount: 0,
  processingWord: false,
  culinaryAddition: false,
  kitchenIngredient: false,
  stapleWords: 0,
  hasSalt: false,
  hasSugar: false,
  hasFat: false,
  ingredientCount: 1,
  processedCategory: false,
};
const level = (signals: Partial<ProcessingSignals>) => classifyProcessing({ ...none, ...signals });
const minimal: ProcessingVerdict = {
  processingLevel: 'minimal',
  isProcessed: false,
  isUltraProcessed: false,
};
const moderate: ProcessingVerdict = {
  processingLevel: 'moderate',
  isProcessed: true,
  isUltraProcessed: false,
};
const high: ProcessingVerdict = { processingLevel: 'high', isProcessed: true, isUltraProcessed: true };
const concern = (severity: Concern['severity']): Concern => ({
  name: 'x',
  reason: 'because',
  severity,
  category: 'other',
});

describe('analysisThresholds', () => {
  it('are the fixed processing and rating figures', () => {
    expect(analysisThresholds).toMatchObject({
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
    });
  });
});

describe('classifyProcessing', () => {
  it('is minimal with no signal', () => {
    expect(level({})).toEqual(minimal);
  });

  it('is high and ultra-processed with a key marker', () => {
    expect(level({ keyMarker: true })).toEqual(high);
  });

  it.each([
    [0, minimal],
    [1, moderate],
    [2, moderate],
    [3, high],
  ])('with %i processing terms is %o', (processingTerms, verdict) => {
    expect(level({ processingTerms })).toEqual(verdict);
  });

  it.each([
    [1, minimal],
    [2, moderate],
    [4, moderate],
    [5, high],
  ])('with %i additives is %o', (additiveCount, verdict) => {
    expect(level({ additiveCount })).toEqual(verdict);
  });

  it('is moderate with a processing word such as dried or smoked', () => {
    expect(level({ processingWord: true })).toEqual(moderate);
  });

  it.each([
    [2, minimal],
    [3, moderate],
  ])('with %i staple words is %o', (stapleWords, verdict) => {
    expect(level({ stapleWords })).toEqual(verdict);
  });

  it('is moderate for a culinary addition or a processed-food category', () => {
    expect(level({ culinaryAddition: true })).toEqual(moderate);
    expect(level({ processedCategory: true })).toEqual(moderate);
  });

  describe('extra: salt, sugar and fat together', () => {
    const saltSugarFat = { hasSalt: true, hasSugar: true, hasFat: true, processingTerms: 1 };

    it('with 2 additives and a processing term make it ultra-processed; with 1 additive they do not', () => {
      expect(level({ ...saltSugarFat, additiveCount: 2 })).toEqual(high);
      expect(level({ ...saltSugarFat, additiveCount: 1 })).toEqual(moderate);
    });

    it('need all three and a processing term for ultra-processed', () => {
      expect(level({ ...saltSugarFat, hasFat: false, additiveCount: 2 })).toEqual(moderate);
      expect(level({ ...saltSugarFat, hasSalt: false, additiveCount: 2 })).toEqual(moderate);
      expect(level({ ...saltSugarFat, hasSugar: false, additiveCount: 2 })).toEqual(moderate);
      expect(level({ ...saltSugarFat, processingTerms: 0, additiveCount: 2 })).toEqual(moderate);
    });
  });

  describe('extra: 10 or more ingredients', () => {
    // The spec's many-ingredient thresholds (3 and 5 additives) are at or above the base ones
    // (2 additives → processed, 5 → ultra-processed), so 9 and 10 ingredients rate alike.
    it.each([9, 10])(
      'with %i ingredients and 3 or 4 additives: processed, not ultra-processed',
      (ingredientCount) => {
        expect(level({ ingredientCount, additiveCount: 3 })).toEqual(moderate);
        expect(level({ ingredientCount, additiveCount: 4 })).toEqual(moderate);
      },
    );

    it('with 10 ingredients and 5 additives: ultra-processed', () => {
      expect(level({ ingredientCount: 10, additiveCount: 5 })).toEqual(high);
    });
  });
});

describe('rate (the rating rules, the first that holds wins)', () => {
  it('1. ultra-processed is red, whatever else', () => {
    expect(rate(high, 0, [])).toBe('red');
  });

  it('2. processed is red at 3 or more additives, amber at 2, even with a high-severity concern', () => {
    expect(rate(moderate, 3, [])).toBe('red');
    expect(rate(moderate, 2, [])).toBe('amber');
    expect(rate(moderate, 1, [concern('high')])).toBe('amber');
  });

  it('3. otherwise a high-severity concern or a high level is red', () => {
    expect(rate(minimal, 1, [concern('high')])).toBe('red');
    expect(rate({ processingLevel: 'high', isProcessed: false, isUltraProcessed: false }, 0, [])).toBe('red');
  });

  it('4. otherwise a medium concern, moderate level or at least one additive is amber', () => {
    expect(rate(minimal, 0, [concern('medium')])).toBe('amber');
    expect(rate({ processingLevel: 'moderate', isProcessed: false, isUltraProcessed: false }, 0, [])).toBe(
      'amber',
    );
    expect(rate(minimal, 1, [concern('low')])).toBe('amber');
  });

  it('5. otherwise green, low concerns included', () => {
    expect(rate(minimal, 0, [])).toBe('green');
    expect(rate(minimal, 0, [concern('low')])).toBe('green');
  });
});
