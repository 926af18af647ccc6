import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuCircleCheck } from 'react-icons/lu';
import { serverMessage } from '../../shared/api/api-error';
import { showToast } from '../../shared/toast/toaster';
import { useSetUsername } from './api/set-username';
import { usernameError } from './username-rules';

/** The modal closes 1 s after the username is set. */
const CLOSE_DELAY_MS = 1000;

interface UsernameDialogProps {
  uid: string;
  open: boolean;
  onSkip(): void;
  /** Called at once when the username is saved, then onClose a second later. */
  onSaved(): void;
  onClose(): void;
}

/** 'Choose Your Username': no dismissal by outside click; 'Set Username' and 'Skip for now'. */
export function UsernameDialog({ uid, open, onSkip, onSaved, onClose }: UsernameDialogProps) {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSetUsername(uid);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = usernameError(username);
    setError(invalid);
    if (invalid) return;
    save.mutate(username.trim(), {
      onSuccess: (profile) => {
        const name = profile.username?.trim() || username.trim();
        setSaved(name);
        onSaved();
        showToast({
          title: 'Username set!',
          description: `Welcome ${name}! You can now leave personalized reviews.`,
        });
        setTimeout(onClose, CLOSE_DELAY_MS);
      },
      onError: (failure) =>
        showToast({
          title: 'Failed to set username',
          description: serverMessage(failure, 'Please try again'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !saved) onSkip();
      }}
      closeOnInteractOutside={false}
      placement="center"
      motionPreset="slide-in-bottom"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner paddingX="4">
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Choose Your Username</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {saved ? (
                  <Stack direction="row" alignItems="center" gap="2" color="green.fg" role="status">
                    <LuCircleCheck aria-hidden />
                    <Text>Your username is now {saved}.</Text>
                  </Stack>
                ) : (
                  <Stack gap="4">
                    <Dialog.Description color="fg.muted">
                      Pick a username to show on your reviews. You can use letters, numbers and underscores.
                    </Dialog.Description>
                    <Field.Root invalid={error !== null} required>
                      <Field.Label>Username</Field.Label>
                      <Input
                        value={username}
                        onChange={(event) => {
                          setUsername(event.target.value);
                          if (error) setError(null);
                        }}
                        placeholder="e.g. oat_lover"
                        autoComplete="username"
                        autoCapitalize="none"
                        spellCheck={false}
                        maxLength={40}
                        data-autofocus
                      />
                      {error ? (
                        <Field.ErrorText>{error}</Field.ErrorText>
                      ) : (
                        <Field.HelperText>3 to 20 characters.</Field.HelperText>
                      )}
                    </Field.Root>
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={onSkip} disabled={save.isPending || saved !== null}>
                  Skip for now
                </Button>
                <Button type="submit" colorPalette="green" disabled={save.isPending || saved !== null}>
                  {save.isPending ? 'Saving...' : 'Set Username'}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
