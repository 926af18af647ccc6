import { Dialog, Flex, IconButton, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuX } from 'react-icons/lu';

/** The full-screen dark dialog the camera lives in: title, close button, screen-reader description. */
export function CameraDialog({ onClose, children }: { onClose(): void; children: ReactNode }) {
  return (
    <Dialog.Root open size="full" onOpenChange={(event) => !event.open && onClose()} motionPreset="none">
      <Portal>
        <Dialog.Positioner>
          <Dialog.Content
            bg="gray.950"
            color="white"
            borderRadius="0"
            height="100dvh"
            maxHeight="100dvh"
            overflow="hidden"
            display="flex"
            flexDirection="column"
            data-testid="camera-overlay"
          >
            <Flex
              as="header"
              justifyContent="space-between"
              alignItems="center"
              paddingX="4"
              paddingY="3"
              gap="3"
            >
              <Dialog.Title fontSize="lg">Scan Ingredients</Dialog.Title>
              <Dialog.CloseTrigger asChild position="static">
                <IconButton
                  aria-label="Close camera"
                  variant="ghost"
                  color="white"
                  _hover={{ bg: 'whiteAlpha.200' }}
                >
                  <LuX />
                </IconButton>
              </Dialog.CloseTrigger>
            </Flex>
            <Dialog.Description srOnly>
              Point the camera at the ingredient list and take a photo, or at a barcode to open the product.
            </Dialog.Description>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
