/** Images are downscaled to at most 1200 px on the longest side. */
export const MAX_IMAGE_DIMENSION = 1200;
/** JPEG quality 0.8 for a manual capture, 0.7 otherwise (chosen photos). */
export const MANUAL_CAPTURE_QUALITY = 0.8;
export const DEFAULT_IMAGE_QUALITY = 0.7;

/** The size that fits inside max × max keeping the aspect ratio; never upscales. */
export function downscaledSize(
  width: number,
  height: number,
  max = MAX_IMAGE_DIMENSION,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const longest = Math.max(width, height);
  if (longest <= max) return { width: Math.round(width), height: Math.round(height) };
  const scale = max / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** `POST /api/process-image` takes the base64 JPEG without its data-URL prefix. */
export const stripDataUrlPrefix = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(',') + 1);
