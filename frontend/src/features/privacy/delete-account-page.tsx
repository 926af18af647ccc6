import { Card, Heading, Link as TextLink, List, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AccountDeletionResponse } from '@labelwise/domain/contracts';
import { useAuth } from '../../shared/auth/auth-context';
import { SubPageLayout } from '../../shared/ui/sub-page-layout';
import { useDeleteAccount } from './api/delete-account';
import { AccountDeleted } from './components/account-deleted';
import { DeleteAccountForm } from './components/delete-account-form';
import { forgetThisDevice } from './components/forget-this-device';
import { SignedInOnly } from './components/signed-in-only';

/** What a deletion does, said before the user confirms it. */
const WHAT_HAPPENS = [
  'Your Premium membership, if you have one, ends at once, not at the end of the period you paid for, and the rest of that period is not refunded. It is cancelled and your customer record at the payment provider (it holds your email) is deleted: no further payments are taken.',
  'Your account is deleted: you can no longer sign in with it.',
  'Your personal data (email, username, preferences, scans and votes) is made unreadable everywhere we keep it, backups and anything rebuilt from them included.',
  'Your reviews are removed, unless you choose to keep them as "Anonymous User".',
  'Products you created stay in the catalogue, without your name.',
];

/** /profile/privacy/delete: what happens, the confirmation, and what was done. */
export function DeleteAccountPage() {
  const { authClient, setSignInDialogOpen } = useAuth();
  const queryClient = useQueryClient();
  const deletion = useDeleteAccount();
  const [done, setDone] = useState<AccountDeletionResponse | null>(null);

  const deleted = (result: AccountDeletionResponse) => {
    setDone(result);
    void authClient()
      .then((client) => client.signOut())
      .catch((error: unknown) => console.error('Sign-out after deletion failed', error))
      .finally(() => forgetThisDevice(queryClient));
  };

  const signInAgain = async () => {
    await (await authClient()).signOut();
    setSignInDialogOpen(true);
  };

  return (
    <SubPageLayout title="Delete my account">
      {done ? (
        <AccountDeleted result={done} />
      ) : (
        <SignedInOnly>
          <Card.Root as="section" aria-labelledby="what-happens-heading">
            <Card.Body gap="3">
              <Heading as="h2" size="lg" id="what-happens-heading">
                What happens
              </Heading>
              <List.Root gap="2" paddingStart="5">
                {WHAT_HAPPENS.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List.Root>
              <Text>
                Want a copy first?{' '}
                <TextLink asChild color="green.fg" textDecoration="underline">
                  <Link to="/profile/privacy">Download your data</Link>
                </TextLink>{' '}
                before you delete.
              </Text>
            </Card.Body>
          </Card.Root>
          <Card.Root as="section" aria-label="Confirm the deletion">
            <Card.Body>
              <DeleteAccountForm
                deleteAccount={(request) => deletion.mutateAsync(request)}
                onDeleted={deleted}
                onSignInAgain={() => void signInAgain()}
              />
            </Card.Body>
          </Card.Root>
        </SignedInOnly>
      )}
    </SubPageLayout>
  );
}
