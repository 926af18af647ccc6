import type { BarcodeReader } from './barcode-reader-types';

/** Retail product codes: EAN/UPC on packs, Code 128 on some own-label goods. */
export const PRODUCT_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128'];

interface DetectedBarcode {
  rawValue: string;
}
interface NativeDetector {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<BarcodeReader | null> {
  const Detector = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    const formats = PRODUCT_FORMATS.filter((format) => supported.includes(format));
    if (formats.length === 0) return null;
    const detector = new Detector({ formats });
    return {
      async read(source) {
        const [first] = await detector.detect(source);
        return first?.rawValue ?? null;
      },
    };
  } catch {
    return null;
  }
}

/**
 * The browser's BarcodeDetector where it reads product codes, else ZXing, which is loaded only
 * now so it stays out of the scan page's own chunk.
 */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = await nativeReader();
  if (native) return native;
  const { createZxingReader } = await import('./zxing-reader');
  return createZxingReader();
}
