import { Flex, IconButton } from '@chakra-ui/react';
import { useRef } from 'react';
import { LuCamera, LuImage, LuSwitchCamera } from 'react-icons/lu';
import type { CameraPhase, Facing } from './use-camera';

interface CameraControlsProps {
  facing: Facing;
  phase: CameraPhase;
  processing: boolean;
  onChoosePhoto(file: File): void;
  onCapture(): void;
  onFlip(): void;
}

/** Choose a photo, take one, switch camera: the row under the picture. */
export function CameraControls({
  facing,
  phase,
  processing,
  onChoosePhoto,
  onCapture,
  onFlip,
}: CameraControlsProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Flex justifyContent="space-around" alignItems="center">
        <IconButton
          aria-label="Choose a photo"
          variant="ghost"
          color="white"
          size="lg"
          rounded="full"
          _hover={{ bg: 'whiteAlpha.200' }}
          disabled={processing}
          onClick={() => fileRef.current?.click()}
        >
          <LuImage />
        </IconButton>
        <IconButton
          aria-label="Take photo"
          colorPalette="green"
          size="2xl"
          rounded="full"
          borderWidth="4px"
          borderColor="white"
          disabled={phase !== 'ready' || processing}
          onClick={onCapture}
        >
          <LuCamera />
        </IconButton>
        <IconButton
          aria-label={facing === 'environment' ? 'Switch to front camera' : 'Switch to rear camera'}
          variant="ghost"
          color="white"
          size="lg"
          rounded="full"
          _hover={{ bg: 'whiteAlpha.200' }}
          disabled={processing || phase === 'requesting'}
          onClick={onFlip}
        >
          <LuSwitchCamera />
        </IconButton>
      </Flex>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChoosePhoto(file);
        }}
      />
    </>
  );
}
