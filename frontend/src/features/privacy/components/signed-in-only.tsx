import { Button, Card, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useAuth } from '../../../shared/auth/auth-context';
import { PageLoading } from '../../../shared/ui/page-loading';

/** The page's content for a signed-in user; a way to sign in for anyone else. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { status, setSignInDialogOpen } = useAuth();
  if (status === 'loading') return <PageLoading />;
  if (status === 'authenticated') return children;
  return (
    <Card.Root>
      <Card.Body alignItems="center" textAlign="center" gap="3" paddingY="10">
        <Text color="fg.muted">Sign in to download or delete your data.</Text>
        <Button colorPalette="green" onClick={() => setSignInDialogOpen(true)}>
          Sign In
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
