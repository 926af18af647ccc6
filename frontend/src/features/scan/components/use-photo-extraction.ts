import { useEffect, useRef, useState } from 'react';
import type { ProductResponse } from '@labelwise/domain/contracts';
import { processImage } from '../api/process-image';
import { CAMERA_MESSAGES, photoBarcodeNotFound } from './camera-messages';
import { CaptureUnsupportedError, encodeImage, loadImageFile } from './image-capture';
import { DEFAULT_IMAGE_QUALITY } from './image-size';
import { readPhotoBarcode } from './photo-barcode';

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

export interface PhotoOutcomes {
  /** Text recognition read a label. */
  onExtracted(label: ExtractedLabel): void;
  /** GET /api/products/barcode/{code}: the product, or null when the barcode is unknown. */
  lookUpBarcode(code: string): Promise<ProductResponse | null>;
  /** A chosen photo's barcode named a known product. */
  onProduct(product: ProductResponse): void;
}

/**
 * A photo (a base64 JPEG, or a chosen file downscaled to one) sent for text recognition:
 * `processing` while it is on its way, the label handed to `onExtracted` on success, a notice
 * otherwise. The request is aborted on unmount. The camera's capture and the scan page's
 * 'Upload a photo' both go this way. A chosen file holding a barcode is looked up instead, like
 * a typed one.
 */
export function usePhotoExtraction({ onExtracted, lookUpBarcode, onProduct }: PhotoOutcomes) {
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

  const lookUp = async (code: string) => {
    try {
      const product = await lookUpBarcode(code);
      if (product) {
        setProcessing(false);
        onProduct(product);
        return;
      }
      setNotice({ status: 'info', message: photoBarcodeNotFound(code) });
    } catch {
      setNotice({ status: 'error', message: CAMERA_MESSAGES.barcodeLookupFailed });
    }
    setProcessing(false);
  };

  const choosePhoto = async (file: File) => {
    setProcessing(true);
    setNotice(null);
    let image: string;
    try {
      const photo = await loadImageFile(file);
      const code = await readPhotoBarcode(photo);
      if (code) return await lookUp(code);
      image = encodeImage(photo, DEFAULT_IMAGE_QUALITY);
    } catch (failure) {
      const message =
        failure instanceof CaptureUnsupportedError
          ? CAMERA_MESSAGES.captureUnsupported
          : CAMERA_MESSAGES.processFailed;
      setNotice({ status: 'error', message });
      setProcessing(false);
      return;
    }
    await extract(image);
  };

  return { processing, notice, setNotice, extract, choosePhoto };
}
