// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearScanDraft, keepScanDraft, readScanDraft } from './scan-draft';

const draft = {
  productName: 'Oat bar',
  brandName: 'Acme',
  ingredients: 'oats, honey, sea salt — 5 % “raw” honey',
  newBarcode: '5000159461122',
};

beforeEach(() => sessionStorage.clear());

describe('the /scan draft', () => {
  it('gives back the label and barcode kept, as typed', () => {
    keepScanDraft(draft);
    expect(readScanDraft()).toEqual(draft);
  });

  it('forgets an empty draft and a cleared one', () => {
    keepScanDraft(draft);
    keepScanDraft({ productName: '', brandName: '', ingredients: '', newBarcode: null });
    expect(readScanDraft()).toEqual({});
    keepScanDraft(draft);
    clearScanDraft();
    expect(readScanDraft()).toEqual({});
  });

  it('ignores what it did not write: broken JSON, wrong types', () => {
    sessionStorage.setItem('labelwise-scan-draft', '{not json');
    expect(readScanDraft()).toEqual({});
    sessionStorage.setItem('labelwise-scan-draft', JSON.stringify({ ingredients: 7, productName: 'Oats' }));
    expect(readScanDraft()).toEqual({ productName: 'Oats' });
  });
});
