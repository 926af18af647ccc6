import { Stack, Tabs } from '@chakra-ui/react';
import { Navigate } from 'react-router-dom';
import { LegalConsent } from '../../shared/auth/components/legal-consent';
import { PageContainer } from '../../shared/ui/page-container';
import { AuthCard } from './components/auth-card';
import { EmailAuthForm } from './components/email-auth-form';
import { GoogleSignInPanel } from './components/google-sign-in-panel';
import { useArrivedSignedIn } from './components/use-arrived-signed-in';
import { useAuthReturnToasts } from './components/use-auth-return-toasts';

export function AuthPage() {
  const arrivedSignedIn = useArrivedSignedIn();
  useAuthReturnToasts();
  // A signed-in visitor has nothing to do here.
  if (arrivedSignedIn) return <Navigate to="/" replace />;
  return (
    <PageContainer maxWidth="md">
      <AuthCard title="Welcome to Labelwise" subtitle="Sign in to save your scanned products and preferences">
        <Stack gap="6">
          <Tabs.Root defaultValue="email" variant="enclosed" fitted>
            <Tabs.List>
              <Tabs.Trigger value="google">Google</Tabs.Trigger>
              <Tabs.Trigger value="email">Email</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="google">
              <GoogleSignInPanel showBanner />
            </Tabs.Content>
            <Tabs.Content value="email">
              <EmailAuthForm disableWhenEmpty />
            </Tabs.Content>
          </Tabs.Root>
          <LegalConsent />
        </Stack>
      </AuthCard>
    </PageContainer>
  );
}
