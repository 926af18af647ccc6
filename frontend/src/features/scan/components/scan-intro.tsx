import { Box, Heading, Text } from '@chakra-ui/react';
import type { UserStatsResponse } from '@labelwise/domain/contracts';
import { ScanUsageBanner } from '../../../shared/ui/scan-usage-banner';
import type { ScanGate } from './scan-gate';
import { ScanGateNotice } from './scan-gate-notice';

/** The page's heading, with the user's scan allowance and anything that stops them scanning. */
export function ScanIntro({ gate, stats }: { gate: ScanGate; stats: UserStatsResponse | undefined }) {
  return (
    <>
      <Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Analyse Ingredients
        </Heading>
        <Text color="fg.muted" marginTop="1">
          Paste an ingredient list or scan a label to get a rating, the processing level and any additives of
          concern.
        </Text>
      </Box>
      {/* At the limit the gate notice says it once (with the count), instead of two stacked boxes. */}
      {stats && gate !== 'limitReached' && <ScanUsageBanner stats={stats} />}
      <ScanGateNotice
        gate={gate}
        usage={stats ? { used: stats.scansThisMonth, limit: stats.scanLimit } : undefined}
      />
    </>
  );
}
