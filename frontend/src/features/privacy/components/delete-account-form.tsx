import { Alert, Button, Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  ACCOUNT_DELETION_WORD,
  type AccountDeletionRequest,
  type AccountDeletionResponse,
} from '@labelwise/domain/contracts';
import { ApiError, serverMessage } from '../../../shared/api/api-error';
import { FormError } from '../../../shared/auth/components/form-error';

export const KEEP_REVIEWS_LABEL = 'Keep my reviews as Anonymous User';
export const CONFIRM_LABEL = `Type ${ACCOUNT_DELETION_WORD} to confirm`;
export const DELETE_BUTTON = 'Delete my account';

type Failure = 'recent-sign-in' | { message: string } | null;

const failureOf = (error: unknown): Failure =>
  error instanceof ApiError && error.code === 'RECENT_SIGN_IN_REQUIRED'
    ? 'recent-sign-in'
    : { message: serverMessage(error, 'Your account could not be deleted. Please try again.') };

/**
 * The deletion's confirmation: keep the reviews or not, type the word, delete. A sign-in older
 * than the server allows is explained, with a way to sign in again and come back here.
 */
export function DeleteAccountForm({
  deleteAccount,
  onDeleted,
  onSignInAgain,
}: {
  deleteAccount(request: AccountDeletionRequest): Promise<AccountDeletionResponse>;
  onDeleted(result: AccountDeletionResponse): void;
  onSignInAgain(): void;
}) {
  const [keepReviews, setKeepReviews] = useState(false);
  const [word, setWord] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const confirmed = word.trim() === ACCOUNT_DELETION_WORD;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || deleting) return;
    setDeleting(true);
    setFailure(null);
    try {
      onDeleted(await deleteAccount({ confirm: ACCOUNT_DELETION_WORD, keepReviews }));
    } catch (error) {
      setFailure(failureOf(error));
      setDeleting(false);
    }
  };

  return (
    <Stack as="form" gap="5" onSubmit={(event) => void submit(event)} aria-label="Delete my account">
      <Checkbox.Root
        colorPalette="green"
        checked={keepReviews}
        disabled={deleting}
        onCheckedChange={(details) => setKeepReviews(details.checked === true)}
        alignItems="start"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control marginTop="0.5" />
        <Stack gap="0.5">
          <Checkbox.Label>{KEEP_REVIEWS_LABEL}</Checkbox.Label>
          <Text fontSize="sm" color="fg.muted">
            Your reviews stay on their products without your name. Leave this unticked to remove them.
          </Text>
        </Stack>
      </Checkbox.Root>
      <Field.Root required>
        <Field.Label>{CONFIRM_LABEL}</Field.Label>
        <Input
          name="confirm"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={word}
          disabled={deleting}
          onChange={(event) => setWord(event.target.value)}
        />
        <Field.HelperText>This cannot be undone.</Field.HelperText>
      </Field.Root>
      {failure === 'recent-sign-in' ? (
        <Alert.Root status="warning" variant="subtle" borderRadius="md" role="alert">
          <Alert.Indicator />
          <Stack gap="3">
            <Alert.Description>
              To protect your account, deleting it needs a recent sign-in. Sign in again, and you will come
              back to this page to finish.
            </Alert.Description>
            <Button size="sm" alignSelf="start" variant="outline" onClick={onSignInAgain}>
              Sign in again
            </Button>
          </Stack>
        </Alert.Root>
      ) : (
        failure && <FormError>{failure.message}</FormError>
      )}
      <Button type="submit" colorPalette="red" alignSelf="start" disabled={!confirmed} loading={deleting}>
        {DELETE_BUTTON}
      </Button>
    </Stack>
  );
}
