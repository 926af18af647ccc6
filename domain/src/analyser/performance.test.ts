import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openFoodFactsDir } from '@labelwise/reference-data';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Preferences } from '../contracts/preferences';
import { analyseIngredients } from './analyse';

/**
 * Hostile input must not make the analyser backtrack or go quadratic. The target is 50 ms for
 * 100 KB; the bound here is ten times that so the test is not flaky on a busy machine. Measured
 * on the 2-core dev machine in this test: 0-45 ms per input when idle (non-ASCII letters and the
 * real labels the slowest), up to 85 ms under concurrent load; warmed up in a loop, all under
 * 25 ms and the real labels about 11 ms.
 */
const SIZE = 100_000;
const BOUND_MS = 500;

const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
const counted = (make: (i: number) => string) => {
  let s = '';
  for (let i = 0; s.length < SIZE; i++) s += make(i);
  return s.slice(0, SIZE);
};
const realLabels = readFileSync(join(openFoodFactsDir, 'products-sample.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { ingredients_text: string }).ingredients_text)
  .join(', ');

const everyAlert: Preferences = {
  noArtificialSweeteners: true,
  noPalmOil: true,
  organic: true,
  noGluten: true,
  noDairy: true,
  premiumAlerts: { noNuts: true, noSoy: true, noMSG: true, noENumbers: true },
};

const inputs: Record<string, string> = {
  'opening brackets': fill('(((('),
  'closing brackets': fill('))))'),
  'mixed brackets': fill('([{'),
  'one long E': fill('E'),
  'E and spaces': fill('E '),
  'e-': fill('e-'),
  commas: fill(','),
  spaces: fill(' '),
  'digits then %': `${fill('1').slice(1)}%`,
  'decimal points then %': `${fill('1.').slice(1)}%`,
  'percent signs': fill('1 % '),
  'percent words': fill('2 percent or less of '),
  'contains clauses': fill('contains 2% or less of: '),
  'and/or': fill('and/'),
  'hyphenated line breaks': fill('a-\n'),
  'E-number openings': fill('e471('),
  'bracketed sub-indices': fill('e160a(i'),
  'e and digits': fill('e 1'),
  colons: fill(':'),
  '"may contain" in other languages': fill('kann spuren, kan sporen, tracce di '),
  'non-ASCII letters': fill('é€'),
  'one long word': fill('a'),
  'distinct ingredients': counted((i) => `x${i.toString(36)}, `),
  'distinct dietary matches': counted((i) => `milk${i.toString(36)} milk, `),
  'nested compounds': counted((i) => `a${i} (`),
  mixed: fill('((E 1, 2% of: and/or e-4711(ii)))] '),
  'real labels': fill(`${realLabels}, `),
};

describe('analyser on 100 KB of hostile input', () => {
  // Builds the phrase index, so that no single input is charged for it.
  beforeAll(() => analyseIngredients('warm up'));

  it.each(Object.entries(inputs))('%s completes quickly', (_name, text) => {
    expect(text.length).toBe(SIZE);
    const started = performance.now();
    const result = analyseIngredients(text, everyAlert);
    const elapsed = performance.now() - started;
    expect(result.rating).toMatch(/^(green|amber|red)$/);
    expect(elapsed).toBeLessThan(BOUND_MS);
  });
});
