import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openFoodFactsDir } from '@labelwise/reference-data';
import { describe, expect, it } from 'vitest';
import { analyseIngredients } from './analyse';
import type { ProcessingLevel } from './types';

/**
 * Calibration against real products (Open Food Facts, ODbL): the processing level should
 * agree with the NOVA group OFF computed, without any rule written for these products.
 */

interface OffProduct {
  code: string;
  product_name: string;
  ingredients_text: string;
  nova_group: 1 | 2 | 3 | 4;
}

interface NovaCase {
  lc: string;
  categories?: string[];
  ingredients: string | null;
  expected: 1 | 2 | 3 | 4 | null;
}

const expectedLevel = (nova: number): ProcessingLevel =>
  nova === 4 ? 'high' : nova === 3 ? 'moderate' : 'minimal';
const levels: ProcessingLevel[] = ['minimal', 'moderate', 'high'];

const products: OffProduct[] = readFileSync(join(openFoodFactsDir, 'products-sample.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as OffProduct);

function confusionMatrix(rows: { nova: number; level: ProcessingLevel }[]): string {
  const lines = [`NOVA  ${levels.map((l) => l.padStart(9)).join('')}`];
  for (const nova of [1, 2, 3, 4]) {
    const counts = levels.map((level) => rows.filter((r) => r.nova === nova && r.level === level).length);
    lines.push(`${String(nova).padEnd(6)}${counts.map((c) => String(c).padStart(9)).join('')}`);
  }
  return lines.join('\n');
}

describe('calibration on the Open Food Facts sample', () => {
  const rows = products.map((p) => {
    const result = analyseIngredients(p.ingredients_text);
    return { nova: p.nova_group, level: result.processingLevel, ultra: result.isUltraProcessed };
  });
  const agreeing = rows.filter((r) => r.level === expectedLevel(r.nova)).length;
  const nova4 = rows.filter((r) => r.nova === 4);
  const nova4Ultra = nova4.filter((r) => r.ultra).length;

  it('has the 68 products, all NOVA groups but 2 well represented', () => {
    expect(products).toHaveLength(68);
    expect(nova4.length).toBeGreaterThan(40);
  });

  it('agrees with NOVA on at least 90% of products and flags at least 95% of NOVA 4 as ultra-processed', () => {
    process.stdout.write(
      `\nProcessing level vs OFF NOVA group (${products.length} products)\n${confusionMatrix(rows)}\n` +
        `agreement ${agreeing}/${rows.length} = ${((100 * agreeing) / rows.length).toFixed(1)}%, ` +
        `NOVA 4 ultra-processed ${nova4Ultra}/${nova4.length} = ${((100 * nova4Ultra) / nova4.length).toFixed(1)}%\n`,
    );
    expect(agreeing / rows.length).toBeGreaterThanOrEqual(0.9);
    expect(nova4Ultra / nova4.length).toBeGreaterThanOrEqual(0.95);
  });

  it('never calls a NOVA 1 or 2 product ultra-processed', () => {
    expect(rows.filter((r) => r.nova <= 2 && r.ultra)).toEqual([]);
  });
});

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
