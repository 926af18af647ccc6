/** A picture a barcode is read from: a live video frame, or a chosen photo. */
export type BarcodeSource = HTMLVideoElement | HTMLImageElement;

/** Reads a product barcode from the picture, or null when none is in it. */
export interface BarcodeReader {
  read(source: BarcodeSource): Promise<string | null>;
}
