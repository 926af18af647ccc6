import { Box, Button, CloseButton, Dialog, Field, Input, Portal, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useAuth } from '../auth-context';
import { dialogEmailAuthMessage, EmailNotVerifiedError, GOOGLE_DIALOG_FAILURE } from '../auth-errors';
import { GOOGLE_AUTH_SUCCESS_EVENT } from '../auth-events';
import { BUSY_LABELS, type AuthBusy } from './busy-labels';
import { EmulatorNote } from './emulator-note';
import { FormError } from './form-error';
import { GoogleButton } from './google-button';
import { LegalConsent } from './legal-consent';
import { PasswordResetDialog } from './password-reset-dialog';
import { toastAccountCreated, toastGoogleWelcome, toastWelcomeBack } from './sign-in-toasts';

type Mode = 'signin' | 'signup';

/** The sign-in dialog (Google and Email tabs) with the password-reset dialog behind it. */
export function SignInDialog() {
  const { signInDialogOpen, setSignInDialogOpen, authClient, usesEmulator } = useAuth();
  const [tab, setTab] = useState('email');
  const [mode, setMode] = useState<Mode>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<AuthBusy | 'google' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);

  const close = () => setSignInDialogOpen(false);

  useEffect(() => {
    const onGoogleSuccess = () => setSignInDialogOpen(false);
    window.addEventListener(GOOGLE_AUTH_SUCCESS_EVENT, onGoogleSuccess);
    return () => window.removeEventListener(GOOGLE_AUTH_SUCCESS_EVENT, onGoogleSuccess);
  }, [setSignInDialogOpen]);

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

  const switchMode = (next: Mode) => {
    setMode(next);
    showError(null);
  };

  return (
    <>
      <Dialog.Root
        open={signInDialogOpen && !resetOpen}
        onOpenChange={(details) => !details.open && close()}
        placement="center"
        size={{ base: 'full', sm: 'md' }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header flexDirection="column" alignItems="start" gap="1">
                <Dialog.Title fontSize="xl">Welcome to Labelwise</Dialog.Title>
                <Dialog.Description color="fg.muted">
                  Sign in to save your scanned products and preferences
                </Dialog.Description>
              </Dialog.Header>
              <Dialog.Body>
                <Tabs.Root
                  value={tab}
                  onValueChange={(details) => setTab(details.value)}
                  variant="enclosed"
                  fitted
                >
                  <Tabs.List>
                    <Tabs.Trigger value="google">Google</Tabs.Trigger>
                    <Tabs.Trigger value="email">Email</Tabs.Trigger>
                  </Tabs.List>
                  <Tabs.Content value="google">
                    <Stack gap="3" paddingTop="2">
                      <GoogleButton
                        onClick={signInWithGoogle}
                        loading={busy === 'google'}
                        loadingText="Signing in..."
                        disabled={busy !== null}
                      />
                      {usesEmulator && <EmulatorNote />}
                    </Stack>
                  </Tabs.Content>
                  <Tabs.Content value="email">
                    <form onSubmit={submitEmail} noValidate>
                      <Stack gap="4" paddingTop="2">
                        <Field.Root required>
                          <Field.Label>Email</Field.Label>
                          <Input
                            type="email"
                            autoComplete="email"
                            value={email}
                            onChange={(e) => setEmail(e.target.value)}
                            placeholder="you@example.com"
                          />
                        </Field.Root>
                        <Field.Root required>
                          <Field.Label>Password</Field.Label>
                          <Input
                            type="password"
                            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                            value={password}
                            onChange={(e) => setPassword(e.target.value)}
                          />
                        </Field.Root>
                        <Box bg="blue.subtle" color="blue.fg" borderRadius="md" padding="3" fontSize="sm">
                          {mode === 'signup'
                            ? 'After creating your account, check your email for a verification link. Only verified email addresses can sign in.'
                            : 'Only verified email addresses can sign in.'}
                        </Box>
                        {error && (
                          <FormError>
                            {error}
                            {unverified && (
                              <Text marginTop="1">If you cannot find it, check your spam folder.</Text>
                            )}
                          </FormError>
                        )}
                        <Button
                          type="submit"
                          colorPalette="green"
                          size="lg"
                          disabled={!email || !password || busy !== null}
                          loading={busy === 'signin' || busy === 'signup'}
                          loadingText={busy === 'signin' || busy === 'signup' ? BUSY_LABELS[busy] : undefined}
                        >
                          {mode === 'signup' ? 'Create Account' : 'Sign In'}
                        </Button>
                        <Stack gap="1" alignItems="center">
                          {mode === 'signin' && (
                            <Button
                              variant="plain"
                              size="sm"
                              color="green.fg"
                              onClick={() => setResetOpen(true)}
                            >
                              Forgot your password?
                            </Button>
                          )}
                          <Button
                            variant="plain"
                            size="sm"
                            color="green.fg"
                            onClick={() => switchMode(mode === 'signin' ? 'signup' : 'signin')}
                          >
                            {mode === 'signin'
                              ? "Don't have an account? Sign up"
                              : 'Already have an account? Sign in'}
                          </Button>
                        </Stack>
                      </Stack>
                    </form>
                  </Tabs.Content>
                </Tabs.Root>
                {tab === 'google' && error && <FormError>{error}</FormError>}
              </Dialog.Body>
              <Dialog.Footer justifyContent="center">
                <LegalConsent />
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <PasswordResetDialog
        open={signInDialogOpen && resetOpen}
        onCancel={() => setResetOpen(false)}
        onSent={() => {
          setResetOpen(false);
          close();
        }}
      />
    </>
  );
}
