import { showToast } from '../../toast/toaster';

/** Sign-in success toasts, shared by the dialog and the sign-in pages. */
export const toastAccountCreated = () =>
  showToast({
    title: 'Account Created Successfully!',
    description:
      "Please check your email for a verification link. If you don't see it, check your junk folder.",
  });

export const toastWelcomeBack = () =>
  showToast({ title: 'Welcome back!', description: 'You have successfully signed in.' });

export const toastGoogleWelcome = () =>
  showToast({ title: 'Welcome!', description: 'Successfully signed in with Google.' });

export const toastResetEmailSent = () =>
  showToast({
    title: 'Password Reset Email Sent!',
    description: 'Check your email for a link to reset your password.',
  });
