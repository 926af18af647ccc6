// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../../testing/render-in-admin';
import { CorrectSpellingButton } from './correct-spelling-button';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const brand = { id: 'CADBURY', brand: 'CADBURY', products: 12 };

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Correct spelling' }));
  return screen.findByRole('dialog', { name: 'Correct the spelling of “CADBURY”' });
}

const spellingField = (dialog: HTMLElement) => within(dialog).getByLabelText('Correct spelling');
const confirmButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Correct spelling' });

describe('CorrectSpellingButton', () => {
  it('corrects the row’s spelling to the one typed, and says how many products it corrected', async () => {
    const dataProvider = fakeDataProvider();
    dataProvider.correctBrand.mockResolvedValueOnce({ from: 'CADBURY', to: 'Cadbury', corrected: 12 });
    renderInAdmin(<CorrectSpellingButton />, { resource: 'brands', record: brand, dataProvider });
    const dialog = await openDialog();
    expect(within(dialog).getByText(/Every 12 listed products spelt “CADBURY”/)).toBeTruthy();
    fireEvent.change(spellingField(dialog), { target: { value: '  Cadbury ' } });
    fireEvent.click(confirmButton(dialog));

    await screen.findByText('“CADBURY” is now “Cadbury” on 12 listed products');
    expect(dataProvider.correctBrand).toHaveBeenCalledWith(
      { from: 'CADBURY', to: 'Cadbury' },
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
  });

  it('cannot send the spelling it corrects, or none', async () => {
    renderInAdmin(<CorrectSpellingButton />, { resource: 'brands', record: brand });
    const dialog = await openDialog();
    expect(confirmButton(dialog)).toHaveProperty('disabled', true);
    fireEvent.change(spellingField(dialog), { target: { value: '   ' } });
    expect(confirmButton(dialog)).toHaveProperty('disabled', true);
  });

  it("shows the API's refusal in the dialog, and retries with the same Idempotency-Key", async () => {
    const dataProvider = fakeDataProvider();
    dataProvider.correctBrand.mockRejectedValueOnce(new Error('No listed product carries this brand.'));
    // react-admin logs a failed data provider call; the test wants the dialog's message.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInAdmin(<CorrectSpellingButton />, { resource: 'brands', record: brand, dataProvider });
    const dialog = await openDialog();
    fireEvent.change(spellingField(dialog), { target: { value: 'Cadbury' } });
    fireEvent.click(confirmButton(dialog));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No listed product carries this brand.',
    );
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(dataProvider.correctBrand).toHaveBeenCalledTimes(2));
    const [first, second] = dataProvider.correctBrand.mock.calls;
    expect(second![1]).toBe(first![1]);
    await screen.findByText('“CADBURY” is now “Cadbury” on 0 listed products');
  });
});
