import { useEffect, useState, type FormEvent } from 'react';
import { useAuth } from '../auth-context';
import { dialogEmailAuthMessage, EmailNotVerifiedError, GOOGLE_DIALOG_FAILURE } from '../auth-errors';
import { GOOGLE_AUTH_SUCCESS_EVENT } from '../auth-events';
import type { AuthBusy } from './busy-labels';
import { toastAccountCreated, toastGoogleWelcome, toastWelcomeBack } from './sign-in-toasts';

type SignInMode = 'signin' | 'signup';

/** Closes the sign-in dialog when a Google sign-in is announced by its window event. */
export function useCloseOnGoogleSuccess() {
  const { setSignInDialogOpen } = useAuth();
  useEffect(() => {
    const onGoogleSuccess = () => setSignInDialogOpen(false);
    window.addEventListener(GOOGLE_AUTH_SUCCESS_EVENT, onGoogleSuccess);
    return () => window.removeEventListener(GOOGLE_AUTH_SUCCESS_EVENT, onGoogleSuccess);
  }, [setSignInDialogOpen]);
}

/**
 * The sign-in dialog's state: email sign-in or sign-up (the email and password typed), Google
 * sign-in in a popup, which is busy, and the error to show. A success closes the dialog and
 * welcomes the user.
 */
export function useDialogSignIn() {
  const { setSignInDialogOpen, authClient } = useAuth();
  const [mode, setMode] = useState<SignInMode>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<AuthBusy | 'google' | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The error is about an unverified email (then the spam folder is worth a look). */
  const [unverified, setUnverified] = useState(false);

  const close = () => setSignInDialogOpen(false);

  const showError = (message: string | null, notVerified = false) => {
    setError(message);
    setUnverified(notVerified);
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (!email || !password) return;
    setBusy(mode);
    showError(null);
    try {
      const client = await authClient();
      if (mode === 'signup') {
        await client.signUpWithEmail(email, password);
        close();
        toastAccountCreated();
      } else {
        await client.signInWithEmail(email, password);
        close();
        toastWelcomeBack();
      }
      setEmail('');
      setPassword('');
    } catch (caught) {
      if (caught instanceof EmailNotVerifiedError) showError(caught.message, true);
      else showError(dialogEmailAuthMessage(caught));
    } finally {
      setBusy(null);
    }
  };

  const signInWithGoogle = async () => {
    setBusy('google');
    showError(null);
    try {
      await (await authClient()).signInWithGoogle('popup');
      close();
      toastGoogleWelcome();
    } catch (caught) {
      console.error('Google sign-in failed', caught);
      showError(GOOGLE_DIALOG_FAILURE);
    } finally {
      setBusy(null);
    }
  };

  const switchMode = (next: SignInMode) => {
    setMode(next);
    showError(null);
  };

  return {
    mode,
    email,
    setEmail,
    password,
    setPassword,
    busy,
    error,
    unverified,
    submitEmail,
    signInWithGoogle,
    switchMode,
  };
}

export type DialogSignIn = ReturnType<typeof useDialogSignIn>;
