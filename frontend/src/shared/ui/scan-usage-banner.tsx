import { Alert, Button, HStack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import type { UserStatsResponse } from '@labelwise/domain/contracts';
import { freeScansUsed, scanUsageBanner } from '../lib/scan-usage';
import { UsageRing } from './usage-ring';

/** What the allowance counts: analyses of a pasted or photographed label, never barcode lookups. */
export const LOOKUPS_ARE_FREE = 'Looking up barcodes is free; analyses count.';

const STATUS = { usage: 'info', almost: 'warning', reached: 'error', premium: 'success' } as const;

/** The scan-usage banner for signed-in users. */
export function ScanUsageBanner({ stats }: { stats: UserStatsResponse }) {
  const banner = scanUsageBanner(stats);
  if (banner.kind === 'hidden') return null;
  return (
    <Alert.Root
      status={STATUS[banner.kind]}
      borderRadius="lg"
      alignItems="center"
      data-testid="scan-usage-banner"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{banner.title}</Alert.Title>
        <Alert.Description>
          {banner.kind === 'premium' ? (
            banner.description
          ) : (
            <>
              {freeScansUsed(banner.used, banner.limit)}
              <br />
              {LOOKUPS_ARE_FREE}
            </>
          )}
        </Alert.Description>
      </Alert.Content>
      <HStack gap="3">
        <UsageRing used={stats.scansThisMonth} limit={stats.scanLimit} isPremium={stats.isPremium} />
        {banner.kind !== 'premium' && banner.kind !== 'usage' && (
          <Button asChild size="sm" colorPalette={banner.kind === 'reached' ? 'red' : 'orange'}>
            <Link to="/premium">Upgrade</Link>
          </Button>
        )}
      </HStack>
    </Alert.Root>
  );
}
