import { expect, it } from 'vitest';
import { quantityLabel } from './quantity';

it('shows the estimated sign Open Food Facts writes as an e after the unit as ℮', () => {
  expect(quantityLabel('150 g e')).toBe('150 g ℮');
  expect(quantityLabel('500ml e')).toBe('500ml ℮');
  expect(quantityLabel('1 L E')).toBe('1 L ℮');
  expect(quantityLabel('4 x 125 g e (500 g)')).toBe('4 x 125 g ℮ (500 g)');
});

it('leaves any other quantity as it is', () => {
  for (const quantity of ['150 g', '250 g ℮', '6 eggs', '1 kg each', '330ml, 6 cans', ''])
    expect(quantityLabel(quantity)).toBe(quantity);
});
