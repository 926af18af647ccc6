import { Box, Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { LuBarcode } from 'react-icons/lu';

export const OFF_CONSENT_LABEL = 'Share this label with Open Food Facts';

/**
 * Above the analysis form while the user labels a barcode nobody has added yet: the product they
 * save carries it. With the one question about Open Food Facts, off until they say yes.
 */
export function NewBarcodeLabel({
  barcode,
  offConsent,
  disabled,
  onOffConsent,
  onClear,
}: {
  barcode: string;
  offConsent: boolean;
  disabled: boolean;
  onOffConsent(consent: boolean): void;
  onClear(): void;
}) {
  return (
    <Box borderWidth="1px" borderColor="green.muted" bg="green.subtle" borderRadius="lg" padding="3">
      <Stack gap="3">
        <HStack justifyContent="space-between" alignItems="start" gap="3">
          <HStack gap="2" alignItems="start">
            <Box color="green.fg" marginTop="0.5" aria-hidden>
              <LuBarcode />
            </Box>
            <Text>
              New product for barcode <strong>{barcode}</strong>: give its name and ingredients, and it is
              saved under this barcode for everyone.
            </Text>
          </HStack>
          <Button size="sm" variant="ghost" disabled={disabled} onClick={onClear}>
            Not this barcode
          </Button>
        </HStack>
        <Checkbox.Root
          colorPalette="green"
          checked={offConsent}
          disabled={disabled}
          onCheckedChange={(details) => onOffConsent(details.checked === true)}
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
      </Stack>
    </Box>
  );
}
