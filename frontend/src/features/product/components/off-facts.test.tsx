// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { OFF_ATTRIBUTION, nutritionVerdict } from '@labelwise/domain/contracts';
import { noNutritionValues as none } from '@labelwise/domain/testing';
import type { OffBlockResponse } from '@labelwise/domain/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../../app/theme';
import { RatingBanner } from '../../../shared/ui/analysis/rating-banner';
import { FrontOfPack } from '../../../shared/ui/analysis/front-of-pack';
import { OffFacts, OffProductImage } from './off-facts';

afterEach(cleanup);

const offFields: Omit<OffBlockResponse, 'frontOfPack'> = {
  code: '5000159461122',
  nutriScoreGrade: 'd',
  novaGroup: 4,
  nutrition: {
    energyKcal: 507,
    fat: 28,
    saturatedFat: 17,
    sugars: 56,
    salt: 0.24,
    fiber: null,
    proteins: 6.6,
  },
  quantity: '45 g',
  categories: ['snacks', 'chocolate bars'],
  imageUrl: 'https://images.openfoodfacts.org/images/products/500/015/946/1122/front_en.3.400.jpg',
  offUrl: 'https://world.openfoodfacts.org/product/5000159461122',
  lastModifiedT: 1_700_000_000,
  attribution: { ...OFF_ATTRIBUTION },
};
const off: OffBlockResponse = { ...offFields, frontOfPack: nutritionVerdict(offFields) };

const renderWith = (ui: React.ReactNode) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>);

describe('OffFacts', () => {
  it('shows Nutri-Score, NOVA group, quantity, categories and the ODbL attribution linking to OFF', () => {
    renderWith(<OffFacts off={off} processingLevel="high" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Open Food Facts' })).toBeTruthy();
    expect(screen.getByLabelText('Nutri-Score D').textContent).toBe('D');
    expect(screen.getByText('4: ultra-processed foods')).toBeTruthy();
    expect(screen.getByText('45 g')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Categories' })).getAllByRole('listitem')).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'Data from Open Food Facts (ODbL)' });
    expect(link.getAttribute('href')).toBe(off.offUrl);
    expect(screen.queryByTestId('processing-disagreement')).toBeNull();
  });

  it('shows nutrition per 100 g as a table with row and column headers', () => {
    renderWith(<OffFacts off={off} processingLevel="high" />);
    const table = screen.getByRole('table', { name: 'Nutrition per 100 g' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Energy507 kcal',
      'Fat28 g',
      'of which saturates17 g',
      'Sugars56 g',
      'Salt0.24 g',
      'FibreNot given',
      'Protein6.6 g',
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Energy' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nutrient', 'Per 100 g']);
  });

  it('says so plainly when our processing level and the NOVA group disagree', () => {
    renderWith(<OffFacts off={off} processingLevel="minimal" />);
    expect(screen.getByTestId('processing-disagreement').textContent).toMatch(
      /minimally processed, while Open Food Facts puts it in NOVA group 4/,
    );
  });

  it('credits the front-of-pack photo to Open Food Facts', () => {
    renderWith(<OffProductImage off={off} name="Chocolate bar" />);
    expect(screen.getByRole('img', { name: 'Chocolate bar, front of pack' }).getAttribute('src')).toBe(
      off.imageUrl,
    );
    expect(screen.getByText('Photo: Open Food Facts contributors (CC BY-SA)')).toBeTruthy();
  });

  it('falls back to a drawing of the kind of food, with no alt text nor credit, when the photo fails to load', () => {
    renderWith(<OffProductImage off={off} name="Chocolate bar" />);
    fireEvent.error(screen.getByRole('img', { name: 'Chocolate bar, front of pack' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText(/Photo: Open Food Facts/)).toBeNull();
    expect(screen.getByTestId('image-placeholder').dataset.kind).toBe('sweets');
  });
});

describe('RatingBanner for an unrated product', () => {
  it("shows 'Unrated' with the reason, never a rating", () => {
    renderWith(<RatingBanner rating={null} unratedReason="ingredients not in English" />);
    const banner = screen.getByTestId('rating-banner');
    expect(banner.textContent).toMatch(/^Unrated/);
    expect(banner.textContent).toMatch(/ingredient list is not available in English/);
  });
});

describe('FrontOfPack', () => {
  it('shows each nutrient’s front-of-pack colour with its amount and level in words', () => {
    renderWith(<FrontOfPack verdict={off.frontOfPack} />);
    expect(screen.getByRole('heading', { name: 'Nutrition per 100 g' })).toBeTruthy();
    const items = within(screen.getByTestId('front-of-pack')).getAllByRole('listitem');
    expect(items.map((item) => [item.textContent, item.dataset.level])).toEqual([
      ['Fat28 gHigh', 'high'],
      ['Saturates17 gHigh', 'high'],
      ['Sugars56 gHigh', 'high'],
      ['Salt0.24 gLow', 'low'],
    ]);
    expect(screen.getByTestId('front-of-pack').textContent).toContain('FSA/DH 2016');
  });

  it('shows the Nutri-Score when no nutrient value is known, and nothing when neither is', () => {
    renderWith(
      <FrontOfPack verdict={nutritionVerdict({ ...offFields, nutrition: none, nutriScoreGrade: 'e' })} />,
    );
    expect(screen.getByTestId('front-of-pack').textContent).toContain('Nutri-Score E');
    cleanup();
    renderWith(
      <FrontOfPack verdict={nutritionVerdict({ ...offFields, nutrition: none, nutriScoreGrade: null })} />,
    );
    expect(screen.queryByTestId('front-of-pack')).toBeNull();
  });
});

describe('RatingBanner with nutrition warnings', () => {
  it('never calls a product a clean choice when something is high in it', () => {
    renderWith(<RatingBanner rating="green" nutritionWarnings={['high-sugars']} />);
    const banner = screen.getByTestId('rating-banner').textContent;
    expect(banner).toContain('Green');
    expect(banner).not.toContain('A clean choice');
    expect(banner).toContain('not a clean choice: High sugar');
    cleanup();
    renderWith(<RatingBanner rating="green" nutritionWarnings={[]} />);
    expect(screen.getByTestId('rating-banner').textContent).toContain('A clean choice');
  });
});
