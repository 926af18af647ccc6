import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../../shared/auth/auth-context';
import {
  EmailNotVerifiedError,
  pageSignInMessage,
  pageSignUpMessage,
} from '../../../shared/auth/auth-errors';
import { BUSY_LABELS, type AuthBusy } from '../../../shared/auth/components/busy-labels';
import { EmailField } from '../../../shared/auth/components/email-field';
import { PasswordResetDialog } from '../../../shared/auth/components/password-reset-dialog';
import { SignInError } from '../../../shared/auth/components/sign-in-error';
import { SignInModeLinks } from '../../../shared/auth/components/sign-in-mode-links';
import { toastAccountCreated, toastWelcomeBack } from '../../../shared/auth/components/sign-in-toasts';
import { showToast } from '../../../shared/toast/toaster';
import { PasswordInput } from '../../../shared/ui/password-input';
import {
  MIN_PASSWORD_LENGTH,
  validateSignIn,
  validateSignUp,
  type ValidationProblem,
} from './page-validation';

const EMPTY = { name: '', email: '', password: '', confirmPassword: '' };

interface EmailAuthFormProps {
  /** /auth disables submit until email and password are filled. */
  disableWhenEmpty?: boolean;
}

/** The sign-in / create-account form of the /login and /auth pages (problems show as toasts). */
export function EmailAuthForm({ disableWhenEmpty = false }: EmailAuthFormProps) {
  const { authClient } = useAuth();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'signin' | 'signup'>('signin');
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState<AuthBusy | null>(null);
  const [error, setError] = useState<{ message: string; unverified: boolean } | null>(null);
  const [resetOpen, setResetOpen] = useState(false);

  const set = (field: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const fail = (problem: ValidationProblem) => showToast({ ...problem, variant: 'destructive' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = mode === 'signup' ? validateSignUp(form) : validateSignIn(form);
    if (problem) return fail(problem);
    setBusy(mode);
    setError(null);
    try {
      const client = await authClient();
      if (mode === 'signup') {
        await client.signUpWithEmail(form.email.trim(), form.password, form.name.trim());
        toastAccountCreated();
      } else {
        await client.signInWithEmail(form.email.trim(), form.password);
        toastWelcomeBack();
      }
      setForm(EMPTY);
      navigate('/');
    } catch (caught) {
      if (caught instanceof EmailNotVerifiedError) {
        setError({ message: caught.message, unverified: true });
      } else if (mode === 'signup') {
        setError({ message: pageSignUpMessage(caught), unverified: false });
        fail({ title: 'Sign up failed', description: pageSignUpMessage(caught) });
      } else {
        setError({ message: pageSignInMessage(caught), unverified: false });
        fail({ title: 'Sign in failed', description: pageSignInMessage(caught) });
      }
    } finally {
      setBusy(null);
    }
  };

  const signingUp = mode === 'signup';
  const submitDisabled = disableWhenEmpty && (!form.email || !form.password);

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {signingUp && (
            <Field.Root required>
              <Field.Label>Name</Field.Label>
              <Input name="name" autoComplete="name" value={form.name} onChange={set('name')} />
            </Field.Root>
          )}
          <EmailField required name="email" value={form.email} onChange={set('email')} />
          <Field.Root required>
            <Field.Label>Password</Field.Label>
            <PasswordInput
              name="password"
              autoComplete={signingUp ? 'new-password' : 'current-password'}
              minLength={MIN_PASSWORD_LENGTH}
              value={form.password}
              onChange={set('password')}
            />
          </Field.Root>
          {signingUp && (
            <Field.Root required>
              <Field.Label>Confirm password</Field.Label>
              <PasswordInput
                name="confirmPassword"
                autoComplete="new-password"
                minLength={MIN_PASSWORD_LENGTH}
                value={form.confirmPassword}
                onChange={set('confirmPassword')}
              />
            </Field.Root>
          )}
          <Text fontSize="sm" color="fg.muted">
            {signingUp
              ? 'We will email you a verification link. Only verified email addresses can sign in.'
              : 'Only verified email addresses can sign in.'}
          </Text>
          {error && <SignInError {...error} />}
          <Button
            type="submit"
            colorPalette="green"
            size="lg"
            disabled={submitDisabled || busy !== null}
            loading={busy !== null}
            loadingText={busy ? BUSY_LABELS[busy] : undefined}
          >
            {signingUp ? 'Create Account' : 'Sign In'}
          </Button>
          <SignInModeLinks
            signingUp={signingUp}
            onForgotPassword={() => setResetOpen(true)}
            onSwitchMode={() => {
              setMode(signingUp ? 'signin' : 'signup');
              setError(null);
            }}
          />
        </Stack>
      </form>
      <PasswordResetDialog
        open={resetOpen}
        feedback="toast"
        onCancel={() => setResetOpen(false)}
        onSent={() => setResetOpen(false)}
      />
    </>
  );
}
