import { Badge, Box, Button, Code, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useAuth } from '../../shared/auth/auth-context';
import { googleServiceMessage } from '../../shared/auth/auth-errors';
import type { GoogleFlow } from '../../shared/auth/auth-client-types';
import { EmulatorNote } from '../../shared/auth/components/emulator-note';
import { FormError } from '../../shared/auth/components/form-error';
import { PageContainer } from '../../shared/ui/page-container';

/** Developer page: exercises Google sign-in and shows the resulting user. */
export function AuthTestPage() {
  const { status, user, usesEmulator, authClient } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(googleServiceMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const google = (flow: GoogleFlow) => run(async () => (await authClient()).signInWithGoogle(flow));

  return (
    <PageContainer maxWidth="3xl">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Google sign-in test
        </Heading>
        <HStack>
          <Text>Auth state:</Text>
          <Badge data-testid="auth-status" colorPalette={status === 'authenticated' ? 'green' : 'gray'}>
            {status}
          </Badge>
          {usesEmulator !== null && (
            <Badge colorPalette="purple">{usesEmulator ? 'Auth Emulator' : 'Firebase'}</Badge>
          )}
        </HStack>
        <HStack wrap="wrap" gap="3">
          <Button colorPalette="green" onClick={() => google('popup')} disabled={busy}>
            Sign in with Google (popup)
          </Button>
          <Button variant="outline" onClick={() => google('redirect')} disabled={busy}>
            Sign in with Google (redirect)
          </Button>
          <Button
            variant="ghost"
            onClick={() => run(async () => (await authClient()).signOut())}
            disabled={busy || !user}
          >
            Sign out
          </Button>
        </HStack>
        {usesEmulator && <EmulatorNote />}
        {error && <FormError>{error}</FormError>}
        <Box>
          <Heading as="h2" size="md" marginBottom="2">
            Current user
          </Heading>
          <Code
            as="pre"
            display="block"
            whiteSpace="pre-wrap"
            padding="4"
            width="full"
            data-testid="auth-user"
          >
            {JSON.stringify(user, null, 2)}
          </Code>
        </Box>
      </Stack>
    </PageContainer>
  );
}
