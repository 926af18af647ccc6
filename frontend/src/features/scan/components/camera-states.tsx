import { Box, Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCameraOff } from 'react-icons/lu';

/** Starting: waiting for the browser's camera permission and stream. */
export function CameraStarting() {
  return (
    <Center position="absolute" inset="0" flexDirection="column" gap="3" role="status">
      <Spinner size="lg" />
      <Text>Requesting camera access...</Text>
    </Center>
  );
}

/** Scanning: the frame the ingredient list should fit in, over the live picture. */
export function ScanningFrame() {
  return (
    <Box
      aria-hidden
      position="absolute"
      inset="10% 8%"
      borderWidth="2px"
      borderColor="whiteAlpha.700"
      borderRadius="xl"
      pointerEvents="none"
    />
  );
}

/** Scanning: what to do, under the picture. */
export function ScanningHint() {
  return (
    <Text textAlign="center" fontSize="sm" color="gray.300">
      Fit the ingredient list in the frame and take a photo, or hold a barcode steady.
    </Text>
  );
}

/** Captured: the photo is being read. */
export function ImageProcessing() {
  return (
    <Center position="absolute" inset="0" bg="blackAlpha.700" flexDirection="column" gap="3" role="status">
      <Spinner size="xl" />
      <Text fontSize="lg">Processing image...</Text>
    </Center>
  );
}

/**
 * Not available: no camera API, permission refused or the device failed; `onRetry` asks again,
 * `upload` offers a photo instead.
 */
export function CameraUnavailable({
  message,
  onRetry,
  upload,
}: {
  message: string;
  onRetry(): void;
  upload: ReactNode;
}) {
  return (
    <Center position="absolute" inset="0" padding="6">
      <Stack alignItems="center" textAlign="center" gap="4" maxWidth="sm" role="alert">
        <LuCameraOff size={48} aria-hidden />
        <Heading as="h2" size="xl">
          Camera Not Available
        </Heading>
        <Text color="gray.300">{message}</Text>
        <Button colorPalette="green" onClick={onRetry}>
          Try Again
        </Button>
        {upload}
      </Stack>
    </Center>
  );
}
