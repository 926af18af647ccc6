import { Button, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../../shared/auth/auth-context';
import { showToast } from '../../shared/toast/toaster';
import { PageContainer } from '../../shared/ui/page-container';
import { useCreateSubscription, type PendingPayment } from './api/create-subscription';
import { useRefreshPremium } from './api/refresh-premium';
import { useRuntimeConfig } from './api/runtime-config';
import { useSubscription } from './api/subscription';
import { verifyPayment } from './api/verify-payment';
import { Checkout } from './components/checkout';
import { MembershipCard } from './components/membership-card';
import { PlanToggle } from './components/plan-toggle';
import { PremiumFeatures } from './components/premium-features';
import { UsageCard } from './components/usage-card';
import { PLAN_OPTIONS, type Plan } from './plans';

/** How long 'Payment Successful' shows before the app goes home with 'Welcome to Premium!'. */
const SUCCESS_TOAST_MS = 1500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function PremiumPage() {
  const { status, user } = useAuth();
  const uid = user?.uid ?? null;
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const subscription = useSubscription(uid);
  const createSubscription = useCreateSubscription();
  const refreshPremium = useRefreshPremium();
  const [plan, setPlan] = useState<Plan>('monthly');
  const [pending, setPending] = useState<PendingPayment | null>(null);

  const upgrade = () => {
    if (status !== 'authenticated') return void navigate('/auth');
    createSubscription.mutate(plan, {
      onSuccess: setPending,
      onError: () =>
        showToast({
          title: 'Error',
          description: 'Failed to initialize payment. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  const failed = (message: string, closed = false) => {
    showToast({ title: 'Payment Failed', description: message, variant: 'destructive' });
    if (!closed) return;
    setPending(null);
    void refreshPremium();
  };

  const paid = async (paymentIntentId: string) => {
    if (pending?.mode === 'stripe') {
      // Records the activation now if Stripe's webhook has not arrived yet (idempotent on the server).
      const verified = await verifyPayment(paymentIntentId).catch((error: unknown) =>
        console.error('verify-payment failed', error),
      );
      // Paid for an upgrade that another tab had replaced: the server refunded it.
      if (verified?.status === 'refunded') return failed(verified.message, true);
    }
    await refreshPremium();
    showToast({ title: 'Payment Successful', description: 'Your Premium subscription is now active.' });
    await sleep(SUCCESS_TOAST_MS);
    navigate('/');
    showToast({
      title: 'Welcome to Premium!',
      description: 'You now have unlimited scans and advanced dietary alerts.',
    });
  };

  const membership = subscription.data?.isPremium ? subscription.data.subscription : null;
  const price = PLAN_OPTIONS.find((option) => option.plan === plan)!;

  return (
    <PageContainer maxWidth="2xl">
      <Stack gap="6">
        <Stack gap="1">
          {/* A Premium member is not asked to upgrade. */}
          <Heading as="h1" size="3xl">
            {membership ? 'Your Premium Membership' : 'Upgrade to Premium'}
          </Heading>
          <Text color="fg.muted">
            {membership
              ? 'Unlimited scans and advanced dietary alerts are on.'
              : 'Unlimited scans and advanced dietary alerts for the food you buy.'}
          </Text>
        </Stack>

        <UsageCard uid={uid} freeScanLimit={config.data?.scanLimit} />

        {uid && subscription.isPending ? (
          <Skeleton height="40" borderRadius="lg" />
        ) : membership ? (
          <MembershipCard subscription={membership} />
        ) : (
          <>
            <Stack gap="3">
              <Heading as="h2" size="lg">
                What you get
              </Heading>
              <PremiumFeatures />
            </Stack>
            <PlanToggle
              value={plan}
              onChange={(next) => {
                setPlan(next);
                setPending(null);
              }}
            />
            {pending && config.data ? (
              <Checkout
                pending={pending}
                payments={config.data.payments}
                payLabel={`Pay ${price.price} ${price.period}`}
                onPaid={paid}
                onFailed={failed}
                onChangePlan={() => setPending(null)}
              />
            ) : (
              <Button
                colorPalette="green"
                size="lg"
                onClick={upgrade}
                disabled={createSubscription.isPending || status === 'loading'}
              >
                {createSubscription.isPending
                  ? 'Preparing payment...'
                  : `Upgrade to Premium · ${price.price} ${price.period}`}
              </Button>
            )}
          </>
        )}

        <Stack gap="2" fontSize="sm" color="fg.muted" textAlign="center">
          <Text>
            By subscribing you agree to our{' '}
            <Link asChild colorPalette="green" variant="underline">
              <RouterLink to="/terms-of-service">Terms of Service</RouterLink>
            </Link>{' '}
            and{' '}
            <Link asChild colorPalette="green" variant="underline">
              <RouterLink to="/privacy-policy">Privacy Policy</RouterLink>
            </Link>
            . Cancellation takes effect at the end of the billing period; there are no partial refunds.
          </Text>
          <Text fontWeight="medium">Cancel anytime. No commitments.</Text>
        </Stack>
      </Stack>
    </PageContainer>
  );
}
