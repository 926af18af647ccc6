import { Button, Card, Flex, Heading, Progress, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuCrown } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import type { UserStatsResponse } from '@labelwise/domain/contracts';
import { scanAllowance } from '@labelwise/domain/contracts';
import { usagePercent } from '../../../shared/lib/scan-usage';

type Usage = Pick<UserStatsResponse, 'scansThisMonth' | 'scanLimit' | 'isPremium'>;

/** The month's scans against the free allowance; Premium has no allowance, so no bar. */
function UsageBar({ usage }: { usage: Usage }) {
  const { scansThisMonth, scanLimit, isPremium } = usage;
  const { remaining } = scanAllowance({ isPremium, scansThisMonth, limit: scanLimit });
  if (remaining === null) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="membership-usage">
        Unlimited scans · {scansThisMonth} this month
      </Text>
    );
  }
  const percent = Math.min(100, usagePercent(scansThisMonth, scanLimit));
  return (
    <Stack gap="1.5">
      <Progress.Root value={percent} colorPalette={remaining === 0 ? 'red' : 'green'} size="sm">
        <Progress.Track
          borderRadius="full"
          aria-label="Monthly usage"
          aria-valuetext={`${scansThisMonth} of ${scanLimit} scans used`}
        >
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" data-testid="membership-usage">
        {scansThisMonth} of {scanLimit} scans used this month ({percent}%) · {remaining} left
      </Text>
    </Stack>
  );
}

/** Membership: premium or free, 'Upgrade Now' for free users, the month's real usage. */
export function MembershipSummary({ usage, failed = false }: { usage: Usage | undefined; failed?: boolean }) {
  const isPremium = usage?.isPremium ?? false;
  return (
    <Card.Root as="section" aria-labelledby="profile-membership">
      <Card.Body gap="4">
        <Flex justifyContent="space-between" alignItems="center" gap="3" wrap="wrap">
          <Flex alignItems="center" gap="2">
            <Flex color={isPremium ? 'orange.fg' : 'fg.muted'} aria-hidden>
              <LuCrown size="20" />
            </Flex>
            <Heading as="h2" size="md" id="profile-membership">
              {isPremium ? 'Premium Membership' : 'Free Membership'}
            </Heading>
          </Flex>
          {usage && !isPremium && (
            <Button asChild size="sm" colorPalette="orange">
              <Link to="/premium">Upgrade Now</Link>
            </Button>
          )}
        </Flex>
        {usage ? (
          <UsageBar usage={usage} />
        ) : failed ? (
          <Text fontSize="sm" color="fg.muted">
            Your usage could not be loaded.
          </Text>
        ) : (
          <Skeleton height="6" data-testid="membership-usage-loading" />
        )}
      </Card.Body>
    </Card.Root>
  );
}
