import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { showToast } from '../../../shared/toast/toaster';
import { serverMessage } from '../../../shared/api/api-error';
import { useCancelSubscription } from '../api/cancel-subscription';
import type { SubscriptionStatus } from '../api/subscription';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** A premium user's plan, renewal or end date, and cancellation (effective at period end). */
export function MembershipCard({
  subscription,
}: {
  subscription: NonNullable<SubscriptionStatus['subscription']>;
}) {
  const cancel = useCancelSubscription();
  const until = longDate(subscription.periodEnd);
  const cancellable = subscription.status === 'active' && subscription.provider !== 'admin';

  const [confirming, setConfirming] = useState(false);

  const cancelSubscription = () => {
    cancel.mutate(undefined, {
      onSuccess: () =>
        showToast({ title: 'Subscription cancelled', description: `You keep Premium until ${until}.` }),
      onError: (error) =>
        showToast({
          title: 'Cancellation failed',
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Card.Root borderColor="green.emphasized" data-testid="membership-card">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between">
            <Text fontSize="lg" fontWeight="bold">
              Premium Member
            </Text>
            <Badge colorPalette="green">{subscription.plan === 'yearly' ? 'Yearly' : 'Monthly'}</Badge>
          </HStack>
          <Text color="fg.muted">
            {subscription.cancelAtPeriodEnd
              ? `Premium until ${until}. Your subscription will not renew.`
              : `Renews on ${until}.`}
          </Text>
          {cancellable && (
            <Button
              alignSelf="start"
              variant="outline"
              colorPalette="red"
              size="sm"
              onClick={() => setConfirming(true)}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel subscription'}
            </Button>
          )}
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Cancel Premium?"
            description={`You keep Premium until ${until}. There are no partial refunds.`}
            confirmLabel="Cancel Premium"
            cancelLabel="Keep Premium"
            destructive
            onConfirm={cancelSubscription}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
