import { Box, HStack, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PreferenceSwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  onToggle?: () => void;
  icon?: ReactNode;
}

/** One labelled switch row. Without onToggle the switch has no handler (it toggles on its own). */
export function PreferenceSwitch({
  label,
  description,
  checked,
  disabled,
  readOnly,
  onToggle,
  icon,
}: PreferenceSwitchProps) {
  return (
    <Switch.Root
      colorPalette="green"
      checked={onToggle ? checked : undefined}
      defaultChecked={onToggle ? undefined : checked}
      disabled={disabled}
      readOnly={readOnly}
      onCheckedChange={onToggle ? () => onToggle() : undefined}
      width="full"
      justifyContent="space-between"
      gap="4"
      paddingY="3"
      cursor={disabled || readOnly ? 'default' : 'pointer'}
    >
      {/* Ark's read-only switch ignores clicks but does not tell assistive technology it is locked. */}
      <Switch.HiddenInput aria-readonly={readOnly || undefined} />
      <Switch.Label flex="1" fontWeight="normal">
        <HStack gap="3" alignItems="start">
          {icon && (
            <Box color="green.fg" marginTop="0.5" aria-hidden>
              {icon}
            </Box>
          )}
          <Stack gap="0.5">
            <Text fontWeight="medium">{label}</Text>
            {description && (
              <Text fontSize="sm" color="fg.muted">
                {description}
              </Text>
            )}
          </Stack>
        </HStack>
      </Switch.Label>
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}

export function PreferenceSwitchSkeleton() {
  return (
    <HStack justifyContent="space-between" paddingY="3" data-testid="preference-skeleton">
      <Stack gap="1.5" flex="1">
        <Skeleton height="4" width="40%" />
        <Skeleton height="3" width="70%" />
      </Stack>
      <Skeleton height="5" width="9" borderRadius="full" />
    </HStack>
  );
}
