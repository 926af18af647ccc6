// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OFF_ATTRIBUTION } from '@labelwise/domain/contracts';
import { renderInAdmin } from '../../testing/render-in-admin';
import { OffSourcePanel } from './off-source-panel';

afterEach(cleanup);

const off = {
  code: '26053561',
  nutriScoreGrade: 'c',
  novaGroup: 4,
  nutrition: { energyKcal: 430, fat: 17, saturatedFat: 6, sugars: 2, salt: 1.2, fiber: 8, proteins: 10 },
  quantity: '200 g',
  categories: ['crackers'],
  imageUrl: null,
  offUrl: 'https://world.openfoodfacts.org/product/26053561',
  lastModifiedT: 1_700_000_000,
  attribution: OFF_ATTRIBUTION,
};

describe('OffSourcePanel', () => {
  it("shows an imported product's OFF code, last_modified_t, Nutri-Score, NOVA, link and corrected fields", async () => {
    renderInAdmin(<OffSourcePanel />, {
      resource: 'products',
      record: { id: 5, off, correctedFields: ['name', 'ingredients'], unratedReason: null },
    });
    expect(await screen.findByText('OFF code: 26053561')).toBeTruthy();
    expect(screen.getByText('last_modified_t: 2023-11-14 (1700000000)')).toBeTruthy();
    expect(screen.getByText(/Nutri-Score: C · NOVA group: 4 \(ultra-processed foods\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Food Facts page' }).getAttribute('href')).toBe(off.offUrl);
    expect(screen.getByText('name')).toBeTruthy();
    expect(screen.getByText('ingredients')).toBeTruthy();
  });

  it('says when a product has no OFF record and nothing was corrected', async () => {
    renderInAdmin(<OffSourcePanel />, {
      resource: 'products',
      record: { id: 6, off: null, correctedFields: [], unratedReason: null },
    });
    expect(await screen.findByText('Not from Open Food Facts')).toBeTruthy();
    expect(screen.getByText('nothing')).toBeTruthy();
  });
});
