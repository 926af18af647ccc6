import { Alert, Stack } from '@chakra-ui/react';
import { inlineDietaryAlerts } from '@labelwise/domain/contracts';
import { useDeferredValue, useMemo } from 'react';

/** Dairy and gluten alerts while typing, whatever the preferences. */
export function InlineAlerts({ ingredients }: { ingredients: string }) {
  const text = useDeferredValue(ingredients);
  const alerts = useMemo(() => (text.trim() ? inlineDietaryAlerts(text) : []), [text]);
  return (
    <Stack gap="2" aria-live="polite" data-testid="inline-dietary-alerts">
      {alerts.map((alert) => (
        <Alert.Root key={alert.preference} status="warning" size="sm" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{alert.preference === 'noDairy' ? 'Dairy alert' : 'Gluten alert'}</Alert.Title>
            <Alert.Description>{alert.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  );
}
