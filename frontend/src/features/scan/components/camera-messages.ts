/** Image extraction and camera messages, fixed product texts (never reword them). */
export const CAMERA_MESSAGES = {
  unreadable:
    'The ingredient list in this image is not clear enough to read. Please try taking a clearer photo with better lighting and focus.',
  quotaExceeded:
    'The scanning service has reached its usage limit. Please try again later or enter the ingredients manually.',
  readFailed: 'Failed to read ingredients from this image. Please try again with a clearer photo.',
  nothingExtracted: 'No ingredients could be extracted from this image. Please try a clearer photo.',
  processingFallback: 'Error processing image. Please try again or enter ingredients manually.',
  noIngredientList: 'No ingredient list detected in this image.',
  processFailed: 'Failed to process image. Please try again.',
  processFailedTitle: 'Failed to process image',
  captureFailed: 'Failed to capture photo',
  switchFailed: 'Failed to switch camera',
  unsupported: "Your device doesn't support camera access",
  denied: 'Camera access denied or not available',
  captureUnsupported: "Your browser doesn't support image capture",
  barcodeLookupFailed: 'The barcode could not be looked up. Check your connection and try again.',
} as const;

/** A photo's barcode the catalogue does not know: its label will be saved under it. */
export const photoBarcodeNotFound = (code: string) =>
  `No product found for barcode ${code}. Upload a photo of its ingredient list, or paste the list: it will be saved under this barcode.`;

/** A barcode in view the catalogue does not know: its label will be saved under it. */
export const cameraBarcodeNotFound = (code: string) =>
  `No product found for barcode ${code}. Take a photo of its ingredient list: it will be saved under this barcode.`;

/** What `POST /api/process-image` answers. */
export interface ExtractionResponse {
  text?: unknown;
  ingredients?: unknown;
  brandName?: unknown;
  productName?: unknown;
  error?: unknown;
  message?: unknown;
  details?: unknown;
}

export type ExtractionOutcome =
  | { ok: true; ingredients: string; productName: string | null; brandName: string | null }
  | { ok: false; message: string };

const FALLBACK_TEXTS = new Set<string>([
  CAMERA_MESSAGES.processingFallback,
  CAMERA_MESSAGES.noIngredientList,
]);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Error codes may come as `error`, or inside `details` (a code string or an object with a code). */
function errorCodes(body: ExtractionResponse): string[] {
  const codes = [text(body.error)];
  if (typeof body.details === 'string') codes.push(body.details);
  else if (body.details && typeof body.details === 'object') {
    const details = body.details as Record<string, unknown>;
    codes.push(text(details.code), text(details.error));
  }
  return codes.filter(Boolean).map((code) => code.toUpperCase());
}

const hasCode = (codes: string[], code: string) => codes.some((c) => c.includes(code));

/** Maps the extraction endpoint's answer (null when the body was not JSON) to form data or an error message. */
export function extractionOutcome(httpOk: boolean, body: ExtractionResponse | null): ExtractionOutcome {
  if (body === null) {
    return { ok: false, message: httpOk ? CAMERA_MESSAGES.processingFallback : CAMERA_MESSAGES.readFailed };
  }
  const codes = errorCodes(body);
  if (hasCode(codes, 'UNREADABLE_INGREDIENTS')) return { ok: false, message: CAMERA_MESSAGES.unreadable };
  if (hasCode(codes, 'QUOTA_EXCEEDED')) return { ok: false, message: CAMERA_MESSAGES.quotaExceeded };
  if (!httpOk || codes.length > 0) return { ok: false, message: CAMERA_MESSAGES.readFailed };
  const ingredients = text(body.ingredients);
  // A server may put its fallback text where the ingredients go.
  if (FALLBACK_TEXTS.has(ingredients)) return { ok: false, message: ingredients };
  if (!ingredients) {
    return {
      ok: false,
      message: text(body.text) ? CAMERA_MESSAGES.noIngredientList : CAMERA_MESSAGES.nothingExtracted,
    };
  }
  return {
    ok: true,
    ingredients,
    productName: text(body.productName) || null,
    brandName: text(body.brandName) || null,
  };
}

/** The camera-start failure text: no API at all, or a refusal / missing device. */
export function cameraStartMessage(supported: boolean): string {
  return supported ? CAMERA_MESSAGES.denied : CAMERA_MESSAGES.unsupported;
}
