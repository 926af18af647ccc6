import { CloseButton, Dialog, Portal, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useAuth } from '../auth-context';
import { EmailSignInForm } from './email-sign-in-form';
import { EmulatorNote } from './emulator-note';
import { FormError } from './form-error';
import { GoogleButton } from './google-button';
import { LegalConsent } from './legal-consent';
import { PasswordResetDialog } from './password-reset-dialog';
import { useCloseOnGoogleSuccess, useDialogSignIn } from './use-dialog-sign-in';

/** The sign-in dialog (Google and Email tabs) with the password-reset dialog behind it. */
export function SignInDialog() {
  const { signInDialogOpen, setSignInDialogOpen, usesEmulator } = useAuth();
  const signIn = useDialogSignIn();
  useCloseOnGoogleSuccess();
  const [tab, setTab] = useState('email');
  const [resetOpen, setResetOpen] = useState(false);

  const close = () => setSignInDialogOpen(false);

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
                        onClick={signIn.signInWithGoogle}
                        loading={signIn.busy === 'google'}
                        loadingText="Signing in..."
                        disabled={signIn.busy !== null}
                      />
                      {usesEmulator && <EmulatorNote />}
                    </Stack>
                  </Tabs.Content>
                  <Tabs.Content value="email">
                    <EmailSignInForm signIn={signIn} onForgotPassword={() => setResetOpen(true)} />
                  </Tabs.Content>
                </Tabs.Root>
                {tab === 'google' && signIn.error && <FormError>{signIn.error}</FormError>}
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
