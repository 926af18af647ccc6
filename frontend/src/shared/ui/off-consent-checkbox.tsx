import { Checkbox, Stack, Text } from '@chakra-ui/react';

export const OFF_CONSENT_LABEL = 'Share this label with Open Food Facts';

/** The one question about Open Food Facts, asked where a user gives a label; off until they say yes. */
export function OffConsentCheckbox({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange(consent: boolean): void;
}) {
  return (
    <Checkbox.Root
      colorPalette="green"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => onChange(details.checked === true)}
      alignItems="start"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control marginTop="0.5" />
      <Stack gap="0.5">
        <Checkbox.Label>{OFF_CONSENT_LABEL}</Checkbox.Label>
        <Text fontSize="sm" color="fg.muted">
          Open Food Facts is a free, open food database. Only the name, brand, barcode and ingredients you
          give are shared, never anything about you.
        </Text>
      </Stack>
    </Checkbox.Root>
  );
}
