// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../../app/theme';
import { BARCODE_INVALID, BarcodeEntry } from './barcode-entry';

afterEach(cleanup);

function renderEntry() {
  render(
    <ChakraProvider value={system}>
      <MemoryRouter>
        <BarcodeEntry />
      </MemoryRouter>
    </ChakraProvider>,
  );
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
    fireEvent.change(input, { target: { value: '5000159461122' } });
    expect(screen.queryByText(BARCODE_INVALID)).toBeNull();
  });
});
