import { Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useUserStats } from '../../../shared/api/user-stats';
import { UsageRing } from '../../../shared/ui/usage-ring';

/** This month's scans against the free allowance (or the free allowance, for guests). */
export function UsageCard({ uid, freeScanLimit }: { uid: string | null; freeScanLimit: number | undefined }) {
  const stats = useUserStats(uid);
  return (
    <Card.Root data-testid="usage-card">
      <Card.Body>
        <HStack justify="space-between" gap="4">
          <Stack gap="1">
            <Text fontWeight="semibold">Your scan usage</Text>
            {uid === null ? (
              <Text color="fg.muted">
                The free plan includes {freeScanLimit ?? 10} scans per month. Sign in to see your usage.
              </Text>
            ) : stats.isPending ? (
              <Skeleton height="5" width="48" />
            ) : stats.data?.isPremium ? (
              <Text color="fg.muted">Premium Member · Unlimited scans</Text>
            ) : stats.data ? (
              <Text color="fg.muted">
                {stats.data.scansThisMonth} of {stats.data.scanLimit} free scans used this month
              </Text>
            ) : (
              <Text color="fg.muted">Your usage could not be loaded.</Text>
            )}
          </Stack>
          {stats.data && (
            <UsageRing
              used={stats.data.scansThisMonth}
              limit={stats.data.scanLimit}
              isPremium={stats.data.isPremium}
            />
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
