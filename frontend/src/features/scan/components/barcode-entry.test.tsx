// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../testing/render-in-app';
import { BARCODE_INVALID, BarcodeEntry, barcodeNotFound } from './barcode-entry';

let lookedUp: string[] = [];
afterEach(() => {
  cleanup();
  lookedUp = [];
});

/** The entry as the scan page holds it: an unknown barcode is being labelled until it is saved. */
function ScanPageStandIn() {
  const [labelling, setLabelling] = useState<string | null>(null);
  return (
    <>
      <BarcodeEntry
        labelling={labelling}
        lookUp={(code) => {
          lookedUp.push(code);
          setLabelling(code);
          return Promise.resolve(null);
        }}
      />
      <button type="button" onClick={() => setLabelling(null)}>
        Saved
      </button>
    </>
  );
}

function renderEntry() {
  renderInApp(<ScanPageStandIn />);
  return {
    input: screen.getByRole('textbox', { name: 'Enter a barcode' }),
    submit: () => fireEvent.submit(screen.getByRole('form', { name: 'Look up a barcode' })),
  };
}

describe('BarcodeEntry', () => {
  it('offers a labelled numeric field and a Look up button', () => {
    const { input } = renderEntry();
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('button', { name: 'Look up' })).toBeTruthy();
  });

  it('refuses anything but 8 to 14 digits, without looking it up, and clears the error on typing', () => {
    const { input, submit } = renderEntry();
    for (const typed of ['', '1234567', '50001594611a2', '123456789012345']) {
      fireEvent.change(input, { target: { value: typed } });
      submit();
      expect(screen.getByText(BARCODE_INVALID)).toBeTruthy();
      expect(screen.queryByRole('status')).toBeNull();
    }
    expect(lookedUp).toEqual([]);
    fireEvent.change(input, { target: { value: '5000159461122' } });
    expect(screen.queryByText(BARCODE_INVALID)).toBeNull();
  });

  it('looks up the digits without spaces and says an unknown barcode will be saved with its label', async () => {
    const { input, submit } = renderEntry();
    fireEvent.change(input, { target: { value: '5000 1594 61122' } });
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(barcodeNotFound('5000159461122'));
    expect(lookedUp).toEqual(['5000159461122']);
  });

  it('stops saying the barcode is unknown once its product is saved', async () => {
    const { input, submit } = renderEntry();
    fireEvent.change(input, { target: { value: '5000159461122' } });
    submit();
    await screen.findByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
