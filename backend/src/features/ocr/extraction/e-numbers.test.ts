import { describe, expect, it } from 'vitest';
import { repairENumbers } from './e-numbers';

describe('repairENumbers', () => {
  it.each([
    ['Emulsifier: E47l', 'Emulsifier: E471'],
    ['Colour: EI02', 'Colour: E102'],
    ['Acid (E33O)', 'Acid (E330)'],
    ['E 1S0d caramel', 'E 150d caramel'],
    ['E-2l1', 'E-211'],
    ['€110, £129', 'E110, E129'],
    ['E472e and E150d', 'E472e and E150d'],
  ])('%s → %s', (input, expected) => {
    expect(repairENumbers(input)).toBe(expected);
  });

  it('leaves words and codes without a real digit alone', () => {
    for (const text of ['Eloi', 'EOIL', 'ESSO', 'Energy 1420kJ', 'E1OOOOO'])
      expect(repairENumbers(text)).toBe(text);
  });
});
