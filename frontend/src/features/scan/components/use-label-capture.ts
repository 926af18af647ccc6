import { useEffect, useRef, useState } from 'react';
import { processImage } from '../api/process-image';
import { CAMERA_MESSAGES } from './camera-messages';
import { CaptureUnsupportedError, captureVideoFrame, encodeImageFile } from './image-capture';
import { DEFAULT_IMAGE_QUALITY, MANUAL_CAPTURE_QUALITY } from './image-size';

export interface ExtractedLabel {
  ingredients: string;
  productName: string | null;
  brandName: string | null;
}

/** The message shown under the camera: a failure, or a hint such as an unknown barcode. */
export interface CameraNotice {
  status: 'error' | 'info';
  title?: string;
  message: string;
}

interface LabelCaptureOptions {
  videoRef: React.RefObject<HTMLVideoElement | null>;
  /** The camera shows a live picture that can be captured. */
  ready: boolean;
  onExtracted(label: ExtractedLabel): void;
  onClose(): void;
}

/**
 * A photo (the video frame, or a chosen file) sent for extraction: `processing` while it is on its
 * way, the label handed to `onExtracted` and the overlay closed on success, a notice otherwise.
 * The request is aborted on unmount.
 */
export function useLabelCapture({ videoRef, ready, onExtracted, onClose }: LabelCaptureOptions) {
  const [processing, setProcessing] = useState(false);
  const [notice, setNotice] = useState<CameraNotice | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

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
      if (!video || !ready) throw new Error('The camera is not ready');
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

  const choosePhoto = async (file: File) => {
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

  return { processing, notice, setNotice, capture, choosePhoto };
}
