import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { showToast } from '../../toast/toaster';
import { useAuth } from '../auth-context';
import { passwordResetMessage } from '../auth-errors';
import { BUSY_LABELS } from './busy-labels';
import { EmailField } from './email-field';
import { FormError } from './form-error';
import { toastResetEmailSent } from './sign-in-toasts';

interface PasswordResetDialogProps {
  open: boolean;
  /** Cancel or close: back to the sign-in dialog. */
  onCancel(): void;
  onSent(): void;
  /** The dialog shows problems inline; the sign-in pages show them as toasts. */
  feedback?: 'inline' | 'toast';
}

export function PasswordResetDialog({
  open,
  onCancel,
  onSent,
  feedback = 'inline',
}: PasswordResetDialogProps) {
  const { authClient } = useAuth();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      if (feedback === 'toast')
        showToast({
          title: 'Missing Email',
          description: 'Please enter your email address.',
          variant: 'destructive',
        });
      else setError('Please enter your email address.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (await authClient()).sendPasswordReset(email.trim());
      toastResetEmailSent();
      setEmail('');
      onSent();
    } catch (caught) {
      if (feedback === 'toast')
        showToast({
          title: 'Password Reset Failed',
          description: passwordResetMessage(caught),
          variant: 'destructive',
        });
      else setError(passwordResetMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onCancel()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content marginX="4">
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Reset Your Password</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted" fontSize="sm">
                    Enter your email address and we will send you a link to reset your password.
                  </Text>
                  <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
                  {error && <FormError>{error}</FormError>}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onCancel} type="button">
                  Cancel
                </Button>
                <Button type="submit" colorPalette="green" loading={busy} loadingText={BUSY_LABELS.reset}>
                  Send Reset Email
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
