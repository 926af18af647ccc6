// Deep imports keep the chunk to the 1D readers instead of the whole library (QR, PDF417, Aztec...).
import BarcodeFormat from '@zxing/library/esm/core/BarcodeFormat';
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import MultiFormatOneDReader from '@zxing/library/esm/core/oned/MultiFormatOneDReader';
import { HTMLCanvasElementLuminanceSource } from '@zxing/library/esm/browser/HTMLCanvasElementLuminanceSource';
import type { BarcodeReader, BarcodeSource } from './barcode-reader-types';

/** Frames are read at this width at most: enough for a barcode that fills part of the view. */
const READ_WIDTH = 960;

const sizeOf = (source: BarcodeSource) =>
  source instanceof HTMLVideoElement
    ? { width: source.videoWidth, height: source.videoHeight }
    : { width: source.naturalWidth, height: source.naturalHeight };

export function createZxingReader(): BarcodeReader {
  const hints = new Map<DecodeHintType, unknown>([
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [
        BarcodeFormat.EAN_13,
        BarcodeFormat.EAN_8,
        BarcodeFormat.UPC_A,
        BarcodeFormat.UPC_E,
        BarcodeFormat.CODE_128,
      ],
    ],
  ]);
  // A photo is read once, so it may take longer: also rotated, and scanning more rows.
  const photoHints = new Map(hints).set(DecodeHintType.TRY_HARDER, true);
  const reader = new MultiFormatOneDReader(hints);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async read(source) {
      const { width, height } = sizeOf(source);
      if (!context || !width) return null;
      const scale = Math.min(1, READ_WIDTH / width);
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(source, 0, 0, canvas.width, canvas.height);
      try {
        const bitmap = new BinaryBitmap(new HybridBinarizer(new HTMLCanvasElementLuminanceSource(canvas)));
        const still = source instanceof HTMLImageElement;
        return reader.decode(bitmap, still ? photoHints : hints).getText();
      } catch {
        // NotFoundException and friends: no readable barcode in this frame.
        return null;
      } finally {
        reader.reset();
      }
    },
  };
}
