import { Alert, Badge, Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { LuCircleCheck } from 'react-icons/lu';
import { useUserStats } from '../../shared/api/user-stats';
import { useAuth } from '../../shared/auth/auth-context';
import { BackButton } from '../../shared/ui/back-button';
import { PageContainer } from '../../shared/ui/page-container';
import { AppSettings } from './components/app-settings';
import { DietaryPreferences } from './components/dietary-preferences';
import { PremiumAlerts } from './components/premium-alerts';
import { usePreferencesController } from './use-preferences-controller';

/** /preferences: dietary toggles, premium alerts and app settings, auto-saved. */
export function PreferencesPage() {
  const { status, user, setSignInDialogOpen } = useAuth();
  const uid = user?.uid ?? null;
  const controller = usePreferencesController(uid);
  const stats = useUserStats(uid);
  const isPremium = stats.data?.isPremium ?? false;
  const signedOut = status === 'unauthenticated';
  const view = status === 'loading' ? { ...controller, loading: true, editable: false } : controller;

  return (
    <PageContainer maxWidth="3xl">
      <Stack gap="5">
        <Flex alignItems="center" justifyContent="space-between" gap="3" wrap="wrap">
          <Flex alignItems="center" gap="2">
            <BackButton />
            <Heading as="h1" size="2xl">
              My Preferences
            </Heading>
          </Flex>
          <Badge colorPalette="green" variant="subtle" size="md" gap="1" data-testid="auto-saved">
            <LuCircleCheck aria-hidden /> Auto-saved
          </Badge>
        </Flex>
        {signedOut && (
          <Alert.Root status="info" borderRadius="lg" alignItems="center">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Sign in to set your preferences</Alert.Title>
              <Alert.Description>Your preferences are saved to your account.</Alert.Description>
            </Alert.Content>
            <Button size="sm" colorPalette="blue" onClick={() => setSignInDialogOpen(true)}>
              Sign In
            </Button>
          </Alert.Root>
        )}
        <DietaryPreferences controller={view} />
        <PremiumAlerts controller={view} isPremium={isPremium} />
        <AppSettings signedIn={status === 'authenticated'} />
      </Stack>
    </PageContainer>
  );
}
