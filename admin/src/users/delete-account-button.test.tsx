// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../testing/render-in-admin';
import { DeleteAccountButton } from './delete-account-button';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const user = { id: 'uid-9', username: 'sam' };

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  return screen.findByRole('dialog', { name: 'Delete account' });
}

describe('DeleteAccountButton', () => {
  it('needs a reason and the typed word, then sends them with the choice about reviews', async () => {
    const { dataProvider } = renderInAdmin(<DeleteAccountButton />, { resource: 'users', record: user });
    const dialog = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Delete account' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Ticket 88: asked by email' },
    });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'DELETE' },
    });
    fireEvent.click(within(dialog).getByLabelText('Keep their reviews as "Anonymous User"'));
    expect(submit).toHaveProperty('disabled', false);
    fireEvent.click(submit);

    await screen.findByText('Account deleted');
    expect(dataProvider.act).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: 'users',
        id: 'uid-9',
        action: 'deletion',
        body: { confirm: 'DELETE', reason: 'Ticket 88: asked by email', keepReviews: true },
      }),
    );
  });
});
