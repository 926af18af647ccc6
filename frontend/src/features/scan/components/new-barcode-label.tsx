import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuBarcode } from 'react-icons/lu';
import { OffConsentCheckbox } from '../../../shared/ui/off-consent-checkbox';

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
        <OffConsentCheckbox checked={offConsent} disabled={disabled} onChange={onOffConsent} />
      </Stack>
    </Box>
  );
}
