import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openFoodFactsDir } from '@labelwise/reference-data';
import { describe, expect, it } from 'vitest';
import { analyseIngredients } from './analyse';
import type { ProcessingLevel } from './types';

/**
 * OFF's own NOVA unit cases (Open Food Facts, ODbL). The agreement with OFF's NOVA groups on
 * real products is measured in accuracy.test.ts.
 */

interface NovaCase {
  lc: string;
  categories?: string[];
  ingredients: string | null;
  expected: 1 | 2 | 3 | 4 | null;
}

const expectedLevel = (nova: number): ProcessingLevel =>
  nova === 4 ? 'high' : nova === 3 ? 'moderate' : 'minimal';

describe("OFF's own NOVA unit cases (English)", () => {
  const cases = (
    JSON.parse(readFileSync(join(openFoodFactsDir, 'nova-unit-cases.json'), 'utf8')) as NovaCase[]
  ).filter(
    // The analyser rates ingredient text: cases without any have nothing to analyse.
    (c) => c.lc === 'en' && c.ingredients !== null && c.expected !== null,
  );

  it('covers the English cases with ingredients', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8);
  });

  it.each(cases.map((c) => [c.ingredients, c.categories ?? [], c.expected] as const))(
    '%j in %j (NOVA %i)',
    (ingredients, categories, expected) => {
      const result = analyseIngredients(ingredients!, undefined, { categories });
      expect(result.processingLevel).toBe(expectedLevel(expected!));
      expect(result.isUltraProcessed).toBe(expected === 4);
    },
  );
});
