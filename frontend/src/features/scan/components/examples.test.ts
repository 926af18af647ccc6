import { analyseIngredients, ratingLabel } from '@labelwise/domain/contracts';
import { describe, expect, it } from 'vitest';
import { exampleOnAnalyse, matchesExample, SCAN_EXAMPLES } from './examples';

describe('scan examples', () => {
  it('are Green, Risk and Warning, and the shared analyser rates each as its label says', () => {
    expect(SCAN_EXAMPLES.map((example) => example.label)).toEqual(['Green', 'Risk', 'Warning']);
    for (const example of SCAN_EXAMPLES) {
      const result = analyseIngredients(example.ingredients);
      expect(result.rating).toBe(example.key);
      expect(ratingLabel(result.rating)).toBe(example.label);
    }
  });

  it('the Warning example has concerns with reasons and severities', () => {
    const warning = SCAN_EXAMPLES.find((example) => example.key === 'red')!;
    const { concerns } = analyseIngredients(warning.ingredients);
    expect(concerns.length).toBeGreaterThan(2);
    expect(concerns.some((concern) => concern.severity === 'high')).toBe(true);
    for (const concern of concerns) expect(concern.reason).not.toBe('');
  });

  it('keeps the selection on analyse only while the text still matches the example', () => {
    const risk = SCAN_EXAMPLES[1]!;
    expect(exampleOnAnalyse('amber', risk.ingredients)).toBe('amber');
    expect(exampleOnAnalyse('amber', `  ${risk.ingredients}\n`)).toBe('amber');
    expect(exampleOnAnalyse('amber', `${risk.ingredients}, sugar`)).toBeNull();
    expect(exampleOnAnalyse('red', risk.ingredients)).toBeNull();
    expect(exampleOnAnalyse(null, risk.ingredients)).toBeNull();
    expect(matchesExample(null, '')).toBe(false);
  });
});
