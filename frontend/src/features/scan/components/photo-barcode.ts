import { createBarcodeReader } from './barcode-reader';

/**
 * The product barcode in a chosen photo, or null: a photo of a barcode is looked up as one, not
 * sent to text recognition. A reader that cannot load reads nothing (the photo goes to OCR).
 */
export async function readPhotoBarcode(image: HTMLImageElement): Promise<string | null> {
  try {
    return await (await createBarcodeReader()).read(image);
  } catch {
    return null;
  }
}
