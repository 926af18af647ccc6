// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../testing/render-in-app';
import { LazyToaster } from './lazy-toaster';
import { showToast, toaster } from './toaster';

afterEach(() => {
  cleanup();
  toaster.remove();
});

describe('LazyToaster', () => {
  it('renders no toast region until the first toast, then shows it', async () => {
    renderInApp(<LazyToaster />);
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
    act(() => {
      showToast({ title: 'Saved', description: 'Your preferences are saved.' });
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();
  });
});
