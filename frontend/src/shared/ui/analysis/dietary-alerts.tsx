import { Box, Stack, Text } from '@chakra-ui/react';
import type { DietaryAlert } from '@labelwise/domain/contracts';
import { ALERT_NAMES } from '../../lib/preference-fields';

/**
 * The signed-in user's dietary and allergy alerts, right under the verdict banner, where a phone
 * shows them without scrolling: what the product contains ("Contains dairy"), then the
 * ingredients that say so. Nothing when none applies.
 */
export function DietaryAlerts({ alerts }: { alerts: DietaryAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <Stack gap="2" role="list" aria-label="Dietary alerts" data-testid="dietary-alerts">
      {alerts.map((alert) => (
        <Box
          key={alert.preference}
          role="listitem"
          bg="purple.subtle"
          color="purple.fg"
          borderRadius="md"
          padding="3"
        >
          <Text fontWeight="semibold">{ALERT_NAMES[alert.preference]}</Text>
          <Text fontSize="sm">
            {alert.matches.length > 0 ? `In the ingredients: ${alert.matches.join(', ')}.` : alert.message}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
