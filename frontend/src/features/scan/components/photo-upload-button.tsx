import { Button } from '@chakra-ui/react';
import { useRef } from 'react';
import { LuImageUp } from 'react-icons/lu';

/** 'Upload a photo' of a label: for desktops and phones without a camera (the file picker offers the camera where there is one). */
export function PhotoUploadButton({
  processing,
  disabled,
  mayOpen,
  onChoose,
}: {
  processing: boolean;
  disabled: boolean;
  /** Whether to open the picker at all (false after telling a signed-out user to sign in, say). */
  mayOpen?(): boolean;
  onChoose(file: File): void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="outline"
        colorPalette="green"
        size="lg"
        loading={processing}
        loadingText="Reading photo..."
        disabled={disabled}
        onClick={() => (mayOpen?.() ?? true) && fileRef.current?.click()}
      >
        <LuImageUp aria-hidden /> Upload a photo
      </Button>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="photo-upload-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChoose(file);
        }}
      />
    </>
  );
}
