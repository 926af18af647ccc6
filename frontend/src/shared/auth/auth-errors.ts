/** The provider's error code without the 'auth/' prefix, or '' when the error has none. */
export function authErrorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return code.replace(/^auth\//, '');
}

const messageFor = (table: Record<string, string>, fallback: string) => (error: unknown) =>
  table[authErrorCode(error)] ?? fallback;

/** The sign-in dialog's messages by provider code (used for sign-in and sign-up in the dialog). */
export const dialogEmailAuthMessage = messageFor(
  {
    'user-not-found': 'No account found with this email. Please sign up first.',
    'wrong-password': 'Incorrect password. Please try again.',
    'email-already-in-use': 'Email already in use. Please sign in instead.',
    'weak-password': 'Password should be at least 6 characters.',
    'invalid-email': 'Please enter a valid email address.',
    'too-many-requests': 'Too many failed attempts. Please try again later.',
  },
  'Authentication failed',
);

/** The sign-in page's messages; toast title 'Sign in failed'. */
export const pageSignInMessage = messageFor(
  {
    'user-not-found': 'No account found with this email address.',
    'wrong-password': 'Incorrect password. Please try again.',
    'invalid-email': 'Please enter a valid email address.',
    'too-many-requests': 'Too many failed attempts. Please try again later.',
  },
  'Unable to sign in. Please try again.',
);

/** The sign-up page's messages; toast title 'Sign up failed'. */
export const pageSignUpMessage = messageFor(
  {
    'email-already-in-use': 'An account with this email already exists. Try signing in instead.',
    'invalid-email': 'Please enter a valid email address.',
    'weak-password': 'Password is too weak. Please choose a stronger password.',
  },
  'Unable to create account. Please try again.',
);

/** Password reset messages, the same in the dialog and the page toast 'Password Reset Failed'. */
export const passwordResetMessage = messageFor(
  {
    'user-not-found': 'No account found with this email address.',
    'invalid-email': 'Please enter a valid email address.',
    'too-many-requests': 'Too many requests. Please try again later.',
  },
  'Failed to send password reset email.',
);

/** Google sign-in messages by cause. */
export function googleServiceMessage(error: unknown): string {
  switch (authErrorCode(error)) {
    case 'popup-closed-by-user':
      return 'Sign-in was cancelled. Please try again.';
    case 'popup-blocked':
      return 'Popup was blocked by your browser. Please allow popups and try again.';
    case 'unauthorized-domain':
      return 'This domain is not authorized for Google sign-in. Please contact support.';
    case 'cancelled-popup-request':
      return 'Another sign-in popup is already open. Please close it and try again.';
    default:
      return `Google sign-in failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The dialog shows one generic Google message whatever the cause. */
export const GOOGLE_DIALOG_FAILURE = 'Google sign-in failed. Please try again.';

export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email first. A new verification email has been sent.';

/** Raised by email sign-in when the address is not verified (a new verification email has been sent). */
export class EmailNotVerifiedError extends Error {
  constructor() {
    super(EMAIL_NOT_VERIFIED_MESSAGE);
    this.name = 'EmailNotVerifiedError';
  }
}

/** Resending verification requires a signed-in user. */
export const NO_SIGNED_IN_USER = 'No user is currently signed in';

/** The provider's code when it could not be reached (offline). */
export const NETWORK_UNAVAILABLE = 'network-request-failed';
