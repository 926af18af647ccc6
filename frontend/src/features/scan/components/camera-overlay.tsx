import {
  Alert,
  Box,
  Button,
  Center,
  Dialog,
  Flex,
  Heading,
  IconButton,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { LuCamera, LuCameraOff, LuImage, LuSwitchCamera, LuX } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { fetchProductByBarcode } from '../api/product-by-barcode';
import { processImage } from '../api/process-image';
import { createBarcodeReader } from './barcode-reader';
import type { BarcodeReader } from './barcode-reader-types';
import { CAMERA_MESSAGES, cameraStartMessage } from './camera-messages';
import { CaptureUnsupportedError, captureVideoFrame, encodeImageFile } from './image-capture';
import { DEFAULT_IMAGE_QUALITY, MANUAL_CAPTURE_QUALITY } from './image-size';

export interface ExtractedLabel {
  ingredients: string;
  productName: string | null;
  brandName: string | null;
}

type Facing = 'environment' | 'user';
type Phase = 'requesting' | 'ready' | 'error';
interface Notice {
  status: 'error' | 'info';
  title?: string;
  message: string;
}

const BARCODE_INTERVAL_MS = 500;

const stopStream = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/** Live camera, stopped on unmount; `start` asks for the given side's camera. */
function useCamera(videoRef: React.RefObject<HTMLVideoElement | null>) {
  const streamRef = useRef<MediaStream | null>(null);
  const requestRef = useRef(0);
  const [phase, setPhase] = useState<Phase>('requesting');
  const [error, setError] = useState('');

  const start = useCallback(
    async (facing: Facing, failure?: string) => {
      const request = ++requestRef.current;
      stopStream(streamRef.current);
      streamRef.current = null;
      setPhase('requesting');
      const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
      if (!media?.getUserMedia) {
        setError(CAMERA_MESSAGES.unsupported);
        setPhase('error');
        return;
      }
      try {
        const stream = await media.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
        });
        if (request !== requestRef.current) return stopStream(stream);
        streamRef.current = stream;
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          await video.play().catch(() => undefined);
        }
        setPhase('ready');
      } catch {
        if (request !== requestRef.current) return;
        setError(failure ?? cameraStartMessage(true));
        setPhase('error');
      }
    },
    [videoRef],
  );

  useEffect(
    () => () => {
      requestRef.current++;
      stopStream(streamRef.current);
    },
    [],
  );

  return { phase, error, start };
}

/** Spec §2/§4 camera overlay: full screen, rear/front flip, photo → ingredients, barcode → product. */
export function CameraOverlay({
  onClose,
  onExtracted,
}: {
  onClose(): void;
  onExtracted(label: ExtractedLabel): void;
}) {
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [facing, setFacing] = useState<Facing>('environment');
  const [processing, setProcessing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { phase, error, start } = useCamera(videoRef);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => {
    void start('environment');
    return () => abortRef.current?.abort();
  }, [start]);

  const extract = async (image: string) => {
    setProcessing(true);
    setNotice(null);
    abortRef.current = new AbortController();
    try {
      const outcome = await processImage(image, abortRef.current.signal);
      if (outcome.ok) {
        onExtracted(outcome);
        onClose();
        return;
      }
      setNotice({ status: 'error', title: CAMERA_MESSAGES.processFailedTitle, message: outcome.message });
    } catch {
      if (abortRef.current?.signal.aborted) return;
      setNotice({ status: 'error', message: CAMERA_MESSAGES.processFailed });
    }
    setProcessing(false);
  };

  const capture = () => {
    const video = videoRef.current;
    let image: string;
    try {
      if (!video || phase !== 'ready') throw new Error('The camera is not ready');
      image = captureVideoFrame(video, MANUAL_CAPTURE_QUALITY);
    } catch (failure) {
      const message =
        failure instanceof CaptureUnsupportedError
          ? CAMERA_MESSAGES.captureUnsupported
          : CAMERA_MESSAGES.captureFailed;
      setNotice({ status: 'error', message });
      return;
    }
    void extract(image);
  };

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let image: string;
    try {
      image = await encodeImageFile(file, DEFAULT_IMAGE_QUALITY);
    } catch (failure) {
      const message =
        failure instanceof CaptureUnsupportedError
          ? CAMERA_MESSAGES.captureUnsupported
          : CAMERA_MESSAGES.processFailed;
      setNotice({ status: 'error', message });
      return;
    }
    void extract(image);
  };

  const flip = () => {
    const next: Facing = facing === 'environment' ? 'user' : 'environment';
    setFacing(next);
    setNotice(null);
    void start(next, CAMERA_MESSAGES.switchFailed);
  };

  const onBarcode = useCallback(
    async (code: string) => {
      const product = await fetchProductByBarcode(code);
      if (product) {
        onClose();
        navigate(`/product/${product.id}`);
        return true;
      }
      setNotice({
        status: 'info',
        message: `No product found for barcode ${code}. Take a photo of the ingredient list instead.`,
      });
      return false;
    },
    [navigate, onClose],
  );

  useBarcodeScanning(videoRef, phase === 'ready' && !processing, onBarcode);

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
              {phase === 'ready' && !processing && (
                <Box
                  aria-hidden
                  position="absolute"
                  inset="10% 8%"
                  borderWidth="2px"
                  borderColor="whiteAlpha.700"
                  borderRadius="xl"
                  pointerEvents="none"
                />
              )}
              {phase === 'requesting' && (
                <Center position="absolute" inset="0" flexDirection="column" gap="3" role="status">
                  <Spinner size="lg" />
                  <Text>Requesting camera access...</Text>
                </Center>
              )}
              {phase === 'error' && (
                <Center position="absolute" inset="0" padding="6">
                  <Stack alignItems="center" textAlign="center" gap="4" maxWidth="sm" role="alert">
                    <LuCameraOff size={48} aria-hidden />
                    <Heading as="h2" size="xl">
                      Camera Not Available
                    </Heading>
                    <Text color="gray.300">{error}</Text>
                    <Button colorPalette="green" onClick={() => void start(facing)}>
                      Try Again
                    </Button>
                  </Stack>
                </Center>
              )}
              {processing && (
                <Center
                  position="absolute"
                  inset="0"
                  bg="blackAlpha.700"
                  flexDirection="column"
                  gap="3"
                  role="status"
                >
                  <Spinner size="xl" />
                  <Text fontSize="lg">Processing image...</Text>
                </Center>
              )}
            </Box>
            <Stack paddingX="4" paddingTop="3" paddingBottom="max(1rem, env(safe-area-inset-bottom))" gap="3">
              <Box aria-live="polite">
                {notice && (
                  <Alert.Root status={notice.status} size="sm" borderRadius="md">
                    <Alert.Indicator />
                    <Alert.Content>
                      {notice.title && <Alert.Title>{notice.title}</Alert.Title>}
                      <Alert.Description>{notice.message}</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
              </Box>
              {phase === 'ready' && !processing && (
                <Text textAlign="center" fontSize="sm" color="gray.300">
                  Fit the ingredient list in the frame and take a photo, or hold a barcode steady.
                </Text>
              )}
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
                  onClick={capture}
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
                  onClick={flip}
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
                onChange={(event) => void choosePhoto(event)}
              />
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** While `active`, reads barcodes from the video and hands each new code to `onCode` once. */
function useBarcodeScanning(
  videoRef: React.RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (code: string) => Promise<boolean>,
) {
  const readerRef = useRef<Promise<BarcodeReader | null> | null>(null);
  const seenRef = useRef(new Set<string>());

  useEffect(() => {
    if (!active) return;
    readerRef.current ??= createBarcodeReader().catch(() => null);
    let busy = false;
    let stopped = false;
    const timer = setInterval(async () => {
      const video = videoRef.current;
      if (busy || !video || video.readyState < 2) return;
      busy = true;
      try {
        const reader = await readerRef.current;
        const code = reader && !stopped ? await reader.read(video) : null;
        if (code && !stopped && !seenRef.current.has(code)) {
          seenRef.current.add(code);
          if (await onCode(code)) stopped = true;
        }
      } catch (failure) {
        console.warn('Barcode lookup failed', failure);
      } finally {
        busy = false;
      }
    }, BARCODE_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, onCode, videoRef]);
}
