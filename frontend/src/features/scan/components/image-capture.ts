import { downscaledSize, stripDataUrlPrefix } from './image-size';

/** The browser cannot draw or encode images (no 2D canvas). */
export class CaptureUnsupportedError extends Error {}

/** Draws an image source downscaled (max 1200 px) onto a canvas and returns base64 JPEG without prefix. */
export function encodeJpeg(
  source: CanvasImageSource,
  width: number,
  height: number,
  quality: number,
): string {
  const size = downscaledSize(width, height);
  if (size.width === 0) throw new Error('The image has no size yet');
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new CaptureUnsupportedError();
  context.drawImage(source, 0, 0, size.width, size.height);
  const dataUrl = canvas.toDataURL('image/jpeg', quality);
  if (!dataUrl.startsWith('data:image/jpeg')) throw new CaptureUnsupportedError();
  return stripDataUrlPrefix(dataUrl);
}

/** The current video frame as a JPEG. */
export function captureVideoFrame(video: HTMLVideoElement, quality: number): string {
  return encodeJpeg(video, video.videoWidth, video.videoHeight, quality);
}

/** A chosen photo file, decoded (it stays drawable once its object URL is revoked). */
export async function loadImageFile(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A chosen photo as a downscaled JPEG. */
export function encodeImage(image: HTMLImageElement, quality: number): string {
  return encodeJpeg(image, image.naturalWidth, image.naturalHeight, quality);
}
