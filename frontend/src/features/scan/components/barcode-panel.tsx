import { Box, Button, Stack } from '@chakra-ui/react';
import type { ProductResponse } from '@labelwise/domain/contracts';
import { LuCamera } from 'react-icons/lu';
import { BarcodeEntry } from './barcode-entry';

/** The barcode first: in a shop it is the quickest way to a product (the camera, or typed digits). */
export function BarcodePanel({
  disabled,
  onOpenCamera,
  lookUp,
  labelling,
}: {
  disabled: boolean;
  onOpenCamera(): void;
  lookUp(code: string): Promise<ProductResponse | null>;
  labelling: string | null;
}) {
  return (
    <Stack
      gap="4"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="xl"
      padding={{ base: '4', md: '6' }}
      direction={{ base: 'column', md: 'row' }}
      alignItems={{ md: 'end' }}
    >
      <Button variant="outline" colorPalette="green" size="lg" disabled={disabled} onClick={onOpenCamera}>
        <LuCamera aria-hidden /> Scan with Camera
      </Button>
      <Box flex="1">
        <BarcodeEntry lookUp={lookUp} labelling={labelling} />
      </Box>
    </Stack>
  );
}
