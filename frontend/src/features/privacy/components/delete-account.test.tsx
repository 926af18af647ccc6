// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountDeletionResponse } from '@labelwise/domain/contracts';
import { system } from '../../../app/theme';
import { ApiError } from '../../../shared/api/api-error';
import { COLOR_MODE_KEY } from '../../../shared/lib/color-mode';
import { AccountDeleted } from './account-deleted';
import { CONFIRM_LABEL, DELETE_BUTTON, DeleteAccountForm, KEEP_REVIEWS_LABEL } from './delete-account-form';
import { forgetThisDevice } from './forget-this-device';

afterEach(cleanup);

const renderInApp = (ui: ReactNode) =>
  render(
    <ChakraProvider value={system}>
      <MemoryRouter>{ui}</MemoryRouter>
    </ChakraProvider>,
  );

const DONE: AccountDeletionResponse = {
  deleted: true,
  reviewsRemoved: 2,
  reviewsKept: 0,
  subscriptionsCancelled: 1,
};

/** Types into the confirmation field (its label also says the field is required). */
const typeWord = (word: string) =>
  fireEvent.change(screen.getByLabelText(CONFIRM_LABEL, { exact: false }), { target: { value: word } });

function renderForm(deleteAccount: () => Promise<AccountDeletionResponse>) {
  const onDeleted = vi.fn();
  const onSignInAgain = vi.fn();
  const deleting = vi.fn(deleteAccount);
  renderInApp(
    <DeleteAccountForm deleteAccount={deleting} onDeleted={onDeleted} onSignInAgain={onSignInAgain} />,
  );
  const button = () => screen.getByRole('button', { name: DELETE_BUTTON }) as HTMLButtonElement;
  return { deleting, onDeleted, onSignInAgain, button, user: userEvent.setup() };
}

describe('DeleteAccountForm', () => {
  it('keeps the button disabled until the word is typed as it is', async () => {
    const { button, deleting } = renderForm(async () => DONE);
    expect(button().disabled).toBe(true);
    typeWord('delete');
    expect(button().disabled).toBe(true);
    typeWord('DELETE');
    expect(button().disabled).toBe(false);
    expect(deleting).not.toHaveBeenCalled();
  });

  it('sends the word and the choice to keep the reviews, and hands on what was done', async () => {
    const { button, user, deleting, onDeleted } = renderForm(async () => DONE);
    await user.click(screen.getByLabelText(KEEP_REVIEWS_LABEL));
    typeWord('DELETE');
    await user.click(button());
    expect(deleting).toHaveBeenCalledWith({ confirm: 'DELETE', keepReviews: true });
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(DONE));
  });

  it('removes the reviews unless asked to keep them', async () => {
    const { button, user, deleting } = renderForm(async () => DONE);
    typeWord('DELETE');
    await user.click(button());
    expect(deleting).toHaveBeenCalledWith({ confirm: 'DELETE', keepReviews: false });
  });

  it('explains a sign-in that is too old and offers to sign in again', async () => {
    const { button, user, onDeleted, onSignInAgain } = renderForm(async () => {
      throw new ApiError(401, 'RECENT_SIGN_IN_REQUIRED', 'Please sign in again to delete your account.');
    });
    typeWord('DELETE');
    await user.click(button());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('deleting it needs a recent sign-in');
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(onSignInAgain).toHaveBeenCalledTimes(1);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(button().disabled).toBe(false);
  });

  it("shows any other refusal in the server's words, and lets the user try again", async () => {
    const { button, user } = renderForm(async () => {
      throw new ApiError(409, 'DELETION_IN_PROGRESS', 'Your account is already being deleted.');
    });
    typeWord('DELETE');
    await user.click(button());
    expect(await screen.findByText('Your account is already being deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in again' })).toBeNull();
    expect(button().disabled).toBe(false);
  });
});

describe('AccountDeleted', () => {
  it('says it is done, with what happened to the reviews and the membership, and takes the focus', () => {
    renderInApp(<AccountDeleted result={DONE} />);
    const heading = screen.getByRole('heading', { name: 'Your account has been deleted' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('status').textContent).toContain('2 reviews removed.');
    expect(screen.getByRole('status').textContent).toContain('Your Premium membership was cancelled');
  });

  it('says the kept reviews stay as Anonymous User', () => {
    renderInApp(
      <AccountDeleted result={{ ...DONE, reviewsRemoved: 0, reviewsKept: 1, subscriptionsCancelled: 0 }} />,
    );
    expect(screen.getByRole('status').textContent).toContain('1 review kept as "Anonymous User".');
    expect(screen.getByRole('status').textContent).not.toContain('Premium');
  });
});

describe('forgetThisDevice', () => {
  it('clears the cached answers and both storages, keeping only the colour mode', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['/api/user/profile', 'u1'], { email: 'a@example.com' });
    sessionStorage.setItem('scan-draft', '{"name":"Oat bar"}');
    localStorage.setItem('labelwise-preferences', '{}');
    localStorage.setItem(COLOR_MODE_KEY, 'dark');
    forgetThisDevice(queryClient);
    expect(queryClient.getQueryData(['/api/user/profile', 'u1'])).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
    expect(Object.keys(localStorage)).toEqual([COLOR_MODE_KEY]);
  });
});
