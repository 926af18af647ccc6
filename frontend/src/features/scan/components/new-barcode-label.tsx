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
        {/* The button drops below the words when both do not fit: it never leaves the box. */}
        <HStack justifyContent="space-between" alignItems="start" gap="3" flexWrap="wrap">
          <HStack gap="2" alignItems="start" flex="1 1 14rem" minWidth="0">
            <Box color="green.fg" marginTop="0.5" aria-hidden>
              <LuBarcode />
            </Box>
            <Text overflowWrap="anywhere">
              New product for barcode <strong>{barcode}</strong>: give its name and ingredients, and it is
              saved under this barcode for everyone.
            </Text>
          </HStack>
          <Button size="sm" variant="outline" disabled={disabled} onClick={onClear} flexShrink="0">
            Not this barcode
          </Button>
        </HStack>
        <OffConsentCheckbox checked={offConsent} disabled={disabled} onChange={onOffConsent} />
      </Stack>
    </Box>
  );
}
