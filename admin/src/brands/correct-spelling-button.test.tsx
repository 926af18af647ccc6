// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBrandCorrectionResponse } from '@labelwise/domain/contracts';
import { fakeDataProvider, renderInAdmin } from '../../testing/render-in-admin';
import { CorrectSpellingButton } from './correct-spelling-button';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const brand = { id: 'CADBURY', brand: 'CADBURY', products: 12 };
const correction = { from: 'CADBURY', to: 'Cadbury' };

/** A batch's answer the test gives when it chooses: what the dialog shows meanwhile can be read. */
function batchAnswer() {
  let resolve!: (answer: AdminBrandCorrectionResponse) => void;
  const promise = new Promise<AdminBrandCorrectionResponse>((settle) => (resolve = settle));
  return { promise, resolve };
}

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
    dataProvider.correctBrand.mockResolvedValueOnce({ ...correction, corrected: 12, next: null });
    renderInAdmin(<CorrectSpellingButton />, { resource: 'brands', record: brand, dataProvider });
    const dialog = await openDialog();
    expect(within(dialog).getByText(/Every 12 listed products spelt “CADBURY”/)).toBeTruthy();
    fireEvent.change(spellingField(dialog), { target: { value: '  Cadbury ' } });
    fireEvent.click(confirmButton(dialog));

    await screen.findByText('“CADBURY” is now “Cadbury” on 12 listed products');
    expect(dataProvider.correctBrand).toHaveBeenCalledWith(
      { ...correction, after: undefined },
      expect.stringMatching(/^[0-9a-f-]{36}\.0$/),
    );
  });

  it('works through a big correction batch by batch, showing how far it got', async () => {
    const dataProvider = fakeDataProvider();
    const second = batchAnswer();
    dataProvider.correctBrand
      .mockResolvedValueOnce({ ...correction, corrected: 8, next: 40 })
      .mockReturnValueOnce(second.promise);
    renderInAdmin(<CorrectSpellingButton />, { resource: 'brands', record: brand, dataProvider });
    const dialog = await openDialog();
    fireEvent.change(spellingField(dialog), { target: { value: 'Cadbury' } });
    fireEvent.click(confirmButton(dialog));

    const status = await within(dialog).findByText('Corrected 8 of 12 listed products…');
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Correction progress' }).getAttribute('aria-valuenow'),
    ).toBe('67');
    second.resolve({ ...correction, corrected: 4, next: null });
    await screen.findByText('“CADBURY” is now “Cadbury” on 12 listed products');
    const [[, firstKey], [body, secondKey]] = dataProvider.correctBrand.mock.calls as [
      [unknown, string],
      [unknown, string],
    ];
    expect(body).toEqual({ ...correction, after: 40 });
    expect(secondKey).toBe(firstKey.replace(/\.0$/, '.1'));
  });

  it('stops after the batch under way when asked, saying what it corrected', async () => {
    const dataProvider = fakeDataProvider();
    const first = batchAnswer();
    dataProvider.correctBrand.mockReturnValueOnce(first.promise);
    renderInAdmin(<CorrectSpellingButton />, { resource: 'brands', record: brand, dataProvider });
    const dialog = await openDialog();
    fireEvent.change(spellingField(dialog), { target: { value: 'Cadbury' } });
    fireEvent.click(confirmButton(dialog));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Stop' }));
    expect(within(dialog).getByRole('button', { name: 'Stopping…' })).toHaveProperty('disabled', true);

    first.resolve({ ...correction, corrected: 5, next: 40 });
    await screen.findByText(
      'Stopped: “CADBURY” is now “Cadbury” on 5 listed products; run it again to correct the rest',
    );
    expect(dataProvider.correctBrand).toHaveBeenCalledTimes(1);
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
