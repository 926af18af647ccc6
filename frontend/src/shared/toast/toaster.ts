import { createToaster } from '@chakra-ui/react';

/** Toasts: one visible at a time, 5 s by default, F8 moves focus to them. */
export const toaster = createToaster({
  placement: 'bottom-end',
  // Clear of the mobile bottom tab bar.
  offsets: { top: '1rem', right: '1rem', bottom: '5rem', left: '1rem' },
  max: 1,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** Shows a toast, replacing the one on screen (only one is visible at once). */
export function showToast({ title, description, variant = 'default' }: ToastInput): string {
  toaster.dismiss();
  return toaster.create({
    title,
    description,
    type: variant === 'destructive' ? 'error' : 'info',
    closable: true,
  });
}
