import { writeHeaders } from '../../../shared/api/http-client';
import {
  CAMERA_MESSAGES,
  extractionOutcome,
  type ExtractionOutcome,
  type ExtractionResponse,
} from '../components/camera-messages';

export const PROCESS_IMAGE_PATH = '/api/process-image';

/** POST /api/process-image {image: base64 JPEG without prefix} → form data or an error message. */
export async function processImage(imageBase64: string, signal?: AbortSignal): Promise<ExtractionOutcome> {
  let response: Response;
  try {
    response = await fetch(PROCESS_IMAGE_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: await writeHeaders('POST', PROCESS_IMAGE_PATH),
      body: JSON.stringify({ image: imageBase64 }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, message: CAMERA_MESSAGES.processFailed };
  }
  let body: ExtractionResponse | null = null;
  try {
    body = (await response.json()) as ExtractionResponse;
  } catch {
    body = null;
  }
  return extractionOutcome(response.ok, body);
}
