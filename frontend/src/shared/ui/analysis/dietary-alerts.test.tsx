// @vitest-environment jsdom
import { analyseIngredients, defaultPreferences } from '@labelwise/domain/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../testing/render-in-app';
import { DietaryAlerts } from './dietary-alerts';

afterEach(cleanup);

describe('DietaryAlerts', () => {
  it('says what the product contains, then the ingredients that say so, never the preference’s name', () => {
    const preferences = { ...defaultPreferences, noPalmOil: true, noDairy: true, organic: true };
    const { dietaryAlerts } = analyseIngredients(
      'Sugar, palm oil, hazelnuts 13%, skimmed milk powder, whey',
      preferences,
    );
    renderInApp(<DietaryAlerts alerts={dietaryAlerts} />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Contains palm oilIn the ingredients: palm oil.',
      'Not organicNo organic ingredients are listed.',
      'Contains dairyIn the ingredients: milk, whey.',
    ]);
    expect(screen.queryByText(/Dairy-Free|No Palm Oil/)).toBeNull();
  });
});
