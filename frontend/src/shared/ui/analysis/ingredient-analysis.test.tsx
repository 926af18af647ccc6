// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { analyseIngredients } from '@labelwise/domain/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../../app/theme';
import { IngredientAnalysis } from './ingredient-analysis';

afterEach(cleanup);

function renderAnalysis(ingredients: string) {
  render(
    <ChakraProvider value={system}>
      <IngredientAnalysis analysis={analyseIngredients(ingredients)} />
    </ChakraProvider>,
  );
}

describe('IngredientAnalysis', () => {
  it('says why the processing level, with a link to the NOVA groups', () => {
    renderAnalysis('water, sugar, maltodextrin, flavourings');
    expect(screen.getByTestId('processing-reason').textContent).toMatch(
      /maltodextrin and flavourings, markers of ultra-processed food/,
    );
    expect(screen.getByRole('link', { name: 'NOVA groups (Open Food Facts)' }).getAttribute('href')).toBe(
      'https://world.openfoodfacts.org/nova',
    );
  });

  it("shows each concern's reason and its EFSA opinion", () => {
    renderAnalysis('grape juice, sodium benzoate');
    expect(screen.getByText(/EFSA found a high overexposure risk/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'EFSA opinion' }).getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('wraps a long clean-ingredient chip inside a phone screen instead of widening the page', () => {
    renderAnalysis('Wheat flour, water, rapeseed oil and a long unpunctuated run of words read from a photo');
    const chip = screen.getByText(/long unpunctuated run/);
    expect(getComputedStyle(chip).whiteSpace).toBe('normal');
    expect(getComputedStyle(chip).overflowWrap).toBe('anywhere');
  });

  it('lists nothing of concern for additives with no risk', () => {
    renderAnalysis('potatoes, modified starch, E500');
    expect(screen.getByText('Nothing of concern found.')).toBeTruthy();
  });
});
