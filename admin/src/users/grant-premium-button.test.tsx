// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../../testing/render-in-admin';
import { GrantPremiumButton } from './grant-premium-button';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const user = { id: 'uid-7', username: 'sam' };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Grant Premium' }));
  return screen.findByRole('dialog', { name: 'Grant Premium' });
}

describe('GrantPremiumButton', () => {
  it('grants a monthly plan for 31 days unless told otherwise', async () => {
    const { dataProvider } = renderInAdmin(<GrantPremiumButton />, { resource: 'users', record: user });
    const dialog = await openDialog();
    expect((within(dialog).getByLabelText('Premium until') as HTMLInputElement).value).toBe(inDays(31));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant' }));

    await screen.findByText('Premium granted');
    expect(dataProvider.act).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: 'users',
        id: 'uid-7',
        action: 'premium',
        body: { plan: 'monthly', periodEnd: inDays(31) },
      }),
    );
  });

  it('sends the chosen plan and end date', async () => {
    const { dataProvider } = renderInAdmin(<GrantPremiumButton />, { resource: 'users', record: user });
    const dialog = await openDialog();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Plan' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Yearly' }));
    fireEvent.change(within(dialog).getByLabelText('Premium until'), { target: { value: '2030-01-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant' }));

    await waitFor(() => expect(dataProvider.act).toHaveBeenCalledTimes(1));
    expect(dataProvider.act).toHaveBeenCalledWith(
      expect.objectContaining({ body: { plan: 'yearly', periodEnd: '2030-01-31' } }),
    );
  });

  it('cannot grant without an end date', async () => {
    renderInAdmin(<GrantPremiumButton />, { resource: 'users', record: user });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Premium until'), { target: { value: '' } });
    expect(within(dialog).getByRole('button', { name: 'Grant' })).toHaveProperty('disabled', true);
  });

  it("shows the API's refusal", async () => {
    const dataProvider = fakeDataProvider();
    dataProvider.act.mockRejectedValueOnce(new Error('The user is suspended'));
    // react-admin logs a failed data provider call; the test wants its notification.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInAdmin(<GrantPremiumButton />, { resource: 'users', record: user, dataProvider });
    fireEvent.click(within(await openDialog()).getByRole('button', { name: 'Grant' }));

    await screen.findByText('The user is suspended');
    expect(screen.queryByText('Premium granted')).toBeNull();
  });
});
