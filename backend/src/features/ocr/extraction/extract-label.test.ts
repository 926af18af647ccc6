import { describe, expect, it } from 'vitest';
import { extractLabel } from './extract-label';
import { pageFromText, type OcrPage } from './ocr-page';

const page = (rows: Array<[string, number, number]>): OcrPage => ({
  text: rows.map(([text]) => text).join('\n'),
  lines: rows.map(([text, height, confidence]) => ({ text, height, confidence })),
});

describe('extractLabel', () => {
  it('extracts the list (E-numbers repaired, hyphenation joined), product name and brand', () => {
    const result = extractLabel(
      page([
        ['Baker Street', 30, 93],
        ['Soft White Bread', 46, 95],
        ['Ingredients: Wheat Flour, Calcium Pro-', 22, 91],
        ['pionate (E2B2), Emulsifiers: E47l, EI02.', 22, 88],
        ['Allergy Advice: contains wheat.', 22, 90],
      ]),
    );
    expect(result).toEqual({
      readable: true,
      result: {
        text: expect.stringContaining('E282'),
        ingredients: 'Wheat Flour, Calcium Propionate (E282), Emulsifiers: E471, E102.',
        productName: 'Soft White Bread',
        brandName: 'Baker Street',
      },
    });
  });

  it('given a photo in capitals whose statements follow the list without a full stop, when extracted, then the ingredients stop where the statements start', () => {
    // given
    const photo = page([
      ['INGREDIENTS: WHEAT FLOUR, WATER,', 22, 91],
      ['RAPESEED OIL ALLERGENS: CONTAINS WHEAT', 22, 90],
      ['NOT SUITABLE FOR THOSE WITH A MILK ALLERGY', 22, 90],
    ]);
    // when
    const result = extractLabel(photo);
    // then
    expect(result.readable && result.result.ingredients).toBe('WHEAT FLOUR, WATER, RAPESEED OIL');
  });

  it('is unreadable when there is no confident text or the list was guessed', () => {
    expect(extractLabel({ text: '', lines: [] })).toEqual({ readable: false });
    expect(extractLabel(page([['~ .. ,', 20, 30]]))).toEqual({ readable: false });
    expect(
      extractLabel(
        page([
          ['Ingredients: Wheat Flour, Water, Salt, Yeast', 22, 80],
          ['Wlxq Frpo, Wtr, Sqt, Yst, Bnzoat, Qrml', 22, 20],
          ['Hrp, Qrtz, Mnpl, Zxcv, Lkjh, Poiuy, Trew', 22, 20],
        ]),
      ),
    ).toEqual({ readable: false });
  });

  it('returns the text with empty ingredients when the page has text but no list', () => {
    const result = extractLabel(pageFromText('Thank you for shopping with us\nSee you again soon'));
    expect(result).toEqual({
      readable: true,
      result: {
        text: 'Thank you for shopping with us\nSee you again soon',
        ingredients: '',
        productName: null,
        brandName: null,
      },
    });
  });
});
