import { Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../shared/auth/auth-context';
import { PageContainer } from '../../shared/ui/page-container';
import { useRefreshPremium } from './api/refresh-premium';
import { verifyPayment } from './api/verify-payment';
import { PremiumFeatures } from './components/premium-features';
import { readPaymentReturn } from './payment-return';

/** Where Stripe returns after a payment that left the page. */
export function PremiumSuccessPage() {
  const [search] = useSearchParams();
  const { status, setSignInDialogOpen } = useAuth();
  const refreshPremium = useRefreshPremium();
  const [processing, setProcessing] = useState(true);
  const { paymentIntentId, shouldVerify, shownPaymentId } = readPaymentReturn(search);

  useEffect(() => {
    if (status === 'loading') return;
    let active = true;
    const settle = async () => {
      if (shouldVerify && paymentIntentId) {
        // A failed verification is only logged: the success screen appears anyway.
        await verifyPayment(paymentIntentId).catch((error: unknown) =>
          console.error('verify-payment failed', error),
        );
      }
      await refreshPremium();
      if (active) setProcessing(false);
    };
    void settle();
    return () => {
      active = false;
    };
    // Runs once auth is known (the query string and refreshPremium do not change on this screen).
  }, [status, shouldVerify, paymentIntentId, refreshPremium]);

  if (processing) {
    return (
      <PageContainer>
        <Center minHeight="50vh">
          <Stack align="center" gap="4" role="status">
            <Spinner size="xl" color="green.fg" />
            <Heading as="h1" size="xl">
              Processing Your Payment
            </Heading>
            <Text color="fg.muted">Please wait while we confirm your subscription.</Text>
          </Stack>
        </Center>
      </PageContainer>
    );
  }

  return (
    <PageContainer maxWidth="xl">
      <Stack gap="6" align="center" textAlign="center">
        <Heading as="h1" size="3xl">
          Welcome to Premium!
        </Heading>
        {status === 'authenticated' ? (
          <Text color="fg.muted">Your subscription is active. Here is what you can do now:</Text>
        ) : (
          // Signed out, we cannot know whose payment this was: no claim that a subscription is active.
          <Stack align="center" gap="3">
            <Text color="fg.muted">
              Sign in with the account you paid with to see your subscription. Premium includes:
            </Text>
            <Button colorPalette="green" onClick={() => setSignInDialogOpen(true)}>
              Sign In
            </Button>
          </Stack>
        )}
        <PremiumFeatures />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild variant="outline">
            <Link to="/">Return to Home</Link>
          </Button>
          <Button asChild colorPalette="green">
            <Link to="/scan">Start Scanning Products</Link>
          </Button>
        </Stack>
        {shownPaymentId && (
          <Text fontSize="sm" color="fg.muted">
            Payment ID: {shownPaymentId}...
          </Text>
        )}
      </Stack>
    </PageContainer>
  );
}
