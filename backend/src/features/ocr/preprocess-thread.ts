import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { ImageRejected, preprocessForOcr } from './preprocess';

/** A photo to prepare, sent by `startPreprocessEngine`. */
export interface PreprocessRequest {
  image: Uint8Array;
  bands: number;
}

export type PreprocessReply =
  | { ok: true; bands: Uint8Array[] }
  | { ok: false; rejected: { reason: ImageRejected['reason']; message: string } | null; message: string };

// No cache of decoded images (libvips keeps up to 50 MB of them by default, shared by every thread
// of the process): a thread's memory is that of the photo in hand.
sharp.cache(false);

/**
 * The body of a preprocessing thread: decoding, measuring and straightening a photo take
 * hundreds of milliseconds of CPU, here instead of on the API's event loop.
 */
parentPort!.on('message', (request: PreprocessRequest) => {
  preprocessForOcr(
    Buffer.from(request.image.buffer, request.image.byteOffset, request.image.byteLength),
    request.bands,
  )
    .then((bands): PreprocessReply => ({ ok: true, bands }))
    .catch((error: unknown): PreprocessReply => ({
      ok: false,
      rejected: error instanceof ImageRejected ? { reason: error.reason, message: error.message } : null,
      message: error instanceof Error ? error.message : String(error),
    }))
    .then((reply) => parentPort!.postMessage(reply));
});
