import { describe, expect, it } from 'vitest';
import { PLAN_OPTIONS, yearlySaving } from './plans';

describe('premium pricing', () => {
  it("shows the spec's prices and the yearly saving", () => {
    expect(PLAN_OPTIONS.map((o) => o.price)).toEqual(['£4.99', '£47.99']);
    expect(yearlySaving()).toEqual({ percentLabel: 'Save 20%', amountLabel: 'Save £11.89 yearly' });
  });
});
