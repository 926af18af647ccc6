import { Box, Stack } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductResponse } from '@labelwise/domain/contracts';
import { CameraControls } from './camera-controls';
import { CameraDialog } from './camera-dialog';
import { cameraBarcodeNotFound, CAMERA_MESSAGES } from './camera-messages';
import { CameraNoticeArea } from './camera-notice';
import {
  CameraStarting,
  CameraUnavailable,
  ImageProcessing,
  ScanningFrame,
  ScanningHint,
} from './camera-states';
import { useBarcodeScanning } from './use-barcode-scanning';
import { useCamera, type Facing } from './use-camera';
import { PhotoUploadButton } from './photo-upload-button';
import { useLabelCapture } from './use-label-capture';
import type { ExtractedLabel } from './use-photo-extraction';

/**
 * The camera overlay: full screen, rear/front flip, photo → ingredients, barcode (in view
 * or in a chosen photo) → product.
 */
export function CameraOverlay({
  onClose,
  onExtracted,
  lookUpBarcode,
}: {
  onClose(): void;
  onExtracted(label: ExtractedLabel): void;
  /** The scan page's barcode lookup (shared with the typed entry, kept in the page's chunk). */
  lookUpBarcode(code: string): Promise<ProductResponse | null>;
}) {
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [facing, setFacing] = useState<Facing>('environment');
  const { phase, error, start } = useCamera(videoRef);
  const openProduct = useCallback(
    (product: ProductResponse) => {
      onClose();
      navigate(`/product/${product.id}`);
    },
    [navigate, onClose],
  );
  const { processing, notice, setNotice, capture, choosePhoto } = useLabelCapture({
    videoRef,
    ready: phase === 'ready',
    onExtracted,
    onClose,
    lookUpBarcode,
    onProduct: openProduct,
  });
  const scanning = phase === 'ready' && !processing;

  useEffect(() => {
    void start('environment');
  }, [start]);

  const flip = () => {
    const next: Facing = facing === 'environment' ? 'user' : 'environment';
    setFacing(next);
    setNotice(null);
    void start(next, CAMERA_MESSAGES.switchFailed);
  };

  const onBarcode = useCallback(
    async (code: string) => {
      const product = await lookUpBarcode(code);
      if (product) {
        openProduct(product);
        return true;
      }
      setNotice({
        status: 'info',
        message: cameraBarcodeNotFound(code),
      });
      return false;
    },
    [lookUpBarcode, openProduct, setNotice],
  );

  useBarcodeScanning(videoRef, scanning, onBarcode);

  return (
    <CameraDialog onClose={onClose}>
      <Box position="relative" flex="1" minHeight="0" overflow="hidden" bg="black">
        <video
          ref={videoRef}
          aria-label="Camera preview"
          muted
          playsInline
          autoPlay
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            display: phase === 'ready' ? 'block' : 'none',
            transform: facing === 'user' ? 'scaleX(-1)' : undefined,
          }}
        />
        {scanning && <ScanningFrame />}
        {phase === 'requesting' && <CameraStarting />}
        {phase === 'error' && (
          <CameraUnavailable
            message={error}
            onRetry={() => void start(facing)}
            upload={
              <PhotoUploadButton
                processing={processing}
                disabled={processing}
                onChoose={(file) => void choosePhoto(file)}
              />
            }
          />
        )}
        {processing && <ImageProcessing />}
      </Box>
      <Stack paddingX="4" paddingTop="3" paddingBottom="max(1rem, env(safe-area-inset-bottom))" gap="3">
        <CameraNoticeArea notice={notice} />
        {scanning && <ScanningHint />}
        <CameraControls
          facing={facing}
          phase={phase}
          processing={processing}
          onChoosePhoto={(file) => void choosePhoto(file)}
          onCapture={capture}
          onFlip={flip}
        />
      </Stack>
    </CameraDialog>
  );
}
