import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link, Navigate } from 'react-router-dom';
import { LegalConsent } from '../../shared/auth/components/legal-consent';
import { PageContainer } from '../../shared/ui/page-container';
import { EmailAuthForm } from './components/email-auth-form';
import { GoogleSignInPanel } from './components/google-sign-in-panel';
import { useArrivedSignedIn } from './components/use-arrived-signed-in';
import { useAuthReturnToasts } from './components/use-auth-return-toasts';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" bg="bg.panel" borderWidth="1px" borderRadius="xl" padding={{ base: '5', md: '6' }}>
      <Heading as="h2" size="lg" marginBottom="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

export function LoginPage() {
  const arrivedSignedIn = useArrivedSignedIn();
  useAuthReturnToasts();
  if (arrivedSignedIn) return <Navigate to="/" replace />;

  return (
    <PageContainer>
      <Stack gap="6">
        <div>
          <Heading as="h1" size="2xl">
            Sign in to Labelwise
          </Heading>
          <Text color="fg.muted">Save your scanned products and preferences.</Text>
        </div>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" alignItems="start">
          <Panel title="Sign in with Google">
            <GoogleSignInPanel />
          </Panel>
          <Panel title="Sign in with email">
            <EmailAuthForm />
          </Panel>
        </SimpleGrid>
        <Stack alignItems="center" gap="3">
          <Button asChild variant="outline" bg="bg.panel">
            <Link to="/">Continue as Guest</Link>
          </Button>
          <LegalConsent />
        </Stack>
      </Stack>
    </PageContainer>
  );
}
