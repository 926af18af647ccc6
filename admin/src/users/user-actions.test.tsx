// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInAdmin } from '../../testing/render-in-admin';
import { UserActions } from './user-actions';

afterEach(cleanup);

const member = { id: 'uid-7', isPremium: false, suspended: false, deleted: false };
/** The toolbar's actions: its buttons and the history link. */
const actions = () =>
  [...screen.getAllByRole('button'), ...screen.getAllByRole('link')].map((action) => action.textContent);

describe('UserActions', { timeout: 30_000 }, () => {
  it('offers Premium, suspension, history and deletion for an account', async () => {
    renderInAdmin(<UserActions />, { resource: 'users', record: member });
    await screen.findByText('Suspend');
    expect(actions()).toEqual(
      expect.arrayContaining(['Grant Premium', 'Revoke Premium', 'Suspend', 'History', 'Delete account']),
    );
  });

  it('offers only its history for a deleted account (issue 50, point 7)', async () => {
    renderInAdmin(<UserActions />, { resource: 'users', record: { ...member, deleted: true } });
    await screen.findByText('History');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
