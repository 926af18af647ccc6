/** Reads a product barcode from the live video, or null when none is in view. */
export interface BarcodeReader {
  read(video: HTMLVideoElement): Promise<string | null>;
}
