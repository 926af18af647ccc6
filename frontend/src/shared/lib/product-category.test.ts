import { describe, expect, it } from 'vitest';
import { foodKind } from './product-category';

describe('foodKind', () => {
  it('reads the kind from the category first', () => {
    expect(foodKind('Mystery Tub', 'Dairies, Yogurts')).toBe('dairy');
    expect(foodKind('Strawberry Jam', 'Beverages')).toBe('drink');
  });

  it('falls back to the name, whole words only', () => {
    expect(foodKind('Jumbo Rolled Oats')).toBe('cereal');
    expect(foodKind('Natural Greek Style Yogurt')).toBe('dairy');
    expect(foodKind('Extra Virgin Olive Oil')).toBe('oil');
    expect(foodKind('Wholemeal Sourdough')).toBe('bakery');
    expect(foodKind('Strawberry Jelly Sweets')).toBe('sweets');
    expect(foodKind('Smooth Peanut Butter', null)).toBe('nuts');
    expect(foodKind('Salted Butter')).toBe('dairy');
    expect(foodKind('Honey & Almond Granola')).toBe('cereal');
    expect(foodKind('Mixed Nuts')).toBe('nuts');
    expect(foodKind('Boatswain Special')).toBe('other');
  });
});
