// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../testing/render-in-app';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('asks in an alert dialog and confirms only on the confirm button', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    renderInApp(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Are you sure you want to log out?"
        confirmLabel="Log Out"
        onConfirm={onConfirm}
      />,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to log out?' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(dialog).toBeTruthy();
  });
});
