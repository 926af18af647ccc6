import { AbsoluteCenter, ProgressCircle, Text } from '@chakra-ui/react';
import { usagePercent, usageRingColor } from '../lib/scan-usage';

interface UsageRingProps {
  used: number;
  limit: number;
  isPremium: boolean;
}

/** The usage ring of the scan allowance; Premium users have no ring, just '(unlimited)'. */
export function UsageRing({ used, limit, isPremium }: UsageRingProps) {
  if (isPremium) return <Text color="fg.muted">(unlimited)</Text>;
  const percent = usagePercent(used, limit);
  return (
    <ProgressCircle.Root
      value={Math.min(percent, 100)}
      colorPalette={usageRingColor(percent)}
      size="lg"
      // Names the element that carries the progressbar role (an aria-label on the root is not read out).
      translations={{ value: () => `${percent}% of monthly scans used` }}
    >
      <ProgressCircle.Circle>
        <ProgressCircle.Track />
        <ProgressCircle.Range />
      </ProgressCircle.Circle>
      <AbsoluteCenter>
        <ProgressCircle.ValueText fontSize="xs">{percent}%</ProgressCircle.ValueText>
      </AbsoluteCenter>
    </ProgressCircle.Root>
  );
}
