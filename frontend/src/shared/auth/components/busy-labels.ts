/** The auth forms' busy states and their labels. */
export type AuthBusy = 'signin' | 'signup' | 'reset';

export const BUSY_LABELS: Record<AuthBusy, string> = {
  signin: 'Signing in...',
  signup: 'Creating account...',
  reset: 'Sending...',
};
