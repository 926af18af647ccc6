import { useEffect, useRef, useState } from 'react';
import { processImage } from '../api/process-image';
import { CAMERA_MESSAGES } from './camera-messages';
import { CaptureUnsupportedError, encodeImageFile } from './image-capture';
import { DEFAULT_IMAGE_QUALITY } from './image-size';

export interface ExtractedLabel {
  ingredients: string;
  productName: string | null;
  brandName: string | null;
}

/** The message shown with a photo: a failure, or a hint such as an unknown barcode. */
export interface CameraNotice {
  status: 'error' | 'info';
  title?: string;
  message: string;
}

/**
 * A photo (a base64 JPEG, or a chosen file downscaled to one) sent for text recognition:
 * `processing` while it is on its way, the label handed to `onExtracted` on success, a notice
 * otherwise. The request is aborted on unmount. The camera's capture and the scan page's
 * 'Upload a photo' both go this way.
 */
export function usePhotoExtraction(onExtracted: (label: ExtractedLabel) => void) {
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
        setProcessing(false);
        onExtracted(outcome);
        return;
      }
      setNotice({ status: 'error', title: CAMERA_MESSAGES.processFailedTitle, message: outcome.message });
    } catch {
      if (abortRef.current?.signal.aborted) return;
      setNotice({ status: 'error', message: CAMERA_MESSAGES.processFailed });
    }
    setProcessing(false);
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
    await extract(image);
  };

  return { processing, notice, setNotice, extract, choosePhoto };
}
