import os from 'node:os';
import type { Logger } from 'pino';
import { PSM } from 'tesseract.js';
import { extractLabel, type ExtractionResult } from './extraction/extract-label';
import { joinPages, type OcrPage } from './extraction/ocr-page';
import { createOcrPool, type OcrPool } from './ocr-pool';
import { startPreprocessEngine, type PreprocessJob } from './preprocess-engine';
import { ImageRejected, MAX_IMAGE_BYTES } from './preprocess';
import { labelLanguage } from '@labelwise/domain';
import { OCR_LANGUAGES, startTesseractEngine, type OcrJob, type OcrLanguage } from './tesseract-engine';

/** A photo takes 0.3-1.5 s on one core; this much means the worker is stuck. */
export const OCR_JOB_TIMEOUT_MS = 20_000;
/** Waiting jobs per worker before the service says it is busy (about 5-10 s of work). */
const QUEUE_PER_WORKER = 12;
/** Preparing a photo at the pixel cap takes a second of CPU; it never does on a healthy thread. */
export const PREPROCESS_JOB_TIMEOUT_MS = 20_000;

export type OcrOutcome =
  { kind: 'read'; result: ExtractionResult } | { kind: 'unreadable'; reason: 'no_confident_text' };

export class InvalidImageUpload extends Error {
  constructor(
    readonly reason: 'not_base64' | 'empty' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'InvalidImageUpload';
  }
}

const DATA_URL_PREFIX = /^data:image\/[\w.+-]+;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The photo's bytes from the request's base64 (a `data:` prefix is tolerated), size-checked before decoding. */
export function decodeBase64Image(value: string): Buffer {
  const compact = value.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (!compact)
    throw new InvalidImageUpload('empty', 'No image was sent. Please take a photo of the ingredient list.');
  if (!BASE64.test(compact) || compact.length % 4 === 1) {
    throw new InvalidImageUpload('not_base64', 'The image must be sent as base64-encoded JPEG data.');
  }
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  const bytes = Math.floor((compact.length * 3) / 4) - padding;
  if (bytes > MAX_IMAGE_BYTES) {
    throw new InvalidImageUpload('too_large', 'The image is larger than 8 MB. Please send a smaller photo.');
  }
  return Buffer.from(compact, 'base64');
}

export interface OcrService {
  readonly pool: OcrPool<OcrJob>;
  /** The threads that decode and prepare photos, off the API's event loop. */
  readonly preprocessing?: OcrPool<PreprocessJob, Buffer[]>;
  /** Preprocesses and reads one photo. Throws `ImageRejected` for non-images, pool errors when busy. */
  read(image: Buffer): Promise<OcrOutcome>;
  close(): Promise<void>;
}

/**
 * tesseract.js settings: the page (or band) read as one block of lines. On straightened,
 * downscaled labels automatic segmentation lost or scrambled lines of small and blurred text.
 */
export const OCR_PARAMETERS = { tessedit_pageseg_mode: PSM.SINGLE_BLOCK };

export function defaultPoolSize(): number {
  return Math.max(1, Math.min(16, os.availableParallelism()));
}

/**
 * Preprocessing threads for `size` OCR workers: one per two, at most 4. A photo is prepared in a
 * fraction of the time it is read, and each thread holds at most one decoded photo (≤ 12.5 MP).
 */
export function preprocessPoolSize(size: number): number {
  return Math.max(1, Math.min(4, Math.ceil(size / 2)));
}

export function createOcrService(
  options: { poolSize?: number; preprocessPoolSize?: number; logger?: Logger; jobTimeoutMs?: number } = {},
): OcrService {
  const size = options.poolSize ?? defaultPoolSize();
  const logger = options.logger;
  const preprocessSize = options.preprocessPoolSize ?? preprocessPoolSize(size);
  // Decoding and preparing photos runs on threads of its own with a bounded queue: the API's event
  // loop only hands the bytes over, and at most `preprocessSize` photos are decoded at once.
  const preprocessing = createOcrPool<PreprocessJob, Buffer[]>({
    size: preprocessSize,
    maxQueue: size * QUEUE_PER_WORKER,
    jobTimeoutMs: PREPROCESS_JOB_TIMEOUT_MS,
    logger,
    // Not a JPEG, PNG or WebP, or too many pixels: the thread said so from the header, and is fine.
    isRefusal: (error) => error instanceof ImageRejected,
    startEngine: (onCrash) => startPreprocessEngine(onCrash),
  });
  const pool = createOcrPool<OcrJob, OcrPage>({
    size,
    maxQueue: size * QUEUE_PER_WORKER,
    jobTimeoutMs: options.jobTimeoutMs ?? OCR_JOB_TIMEOUT_MS,
    logger,
    startEngine: async (onCrash) => {
      const engine = await startTesseractEngine({
        parameters: OCR_PARAMETERS,
        onJobError: (error) => logger?.warn({ err: error }, 'OCR job failed'),
        onCrash,
      });
      return { ...engine, recognize: (job: OcrJob) => engine.recognize(job.image, job.language) };
    },
  });
  const readBands = async (bands: Buffer[], language: OcrLanguage) =>
    extractLabel(joinPages(await Promise.all(bands.map((image) => pool.recognize({ image, language })))));
  let reading = 0;
  return {
    pool,
    preprocessing,
    async read(image) {
      // A photo read while workers are idle is cut into bands read side by side, so that on a
      // quiet server it takes every core; under load each photo is one job, as before.
      const idleWorkers = Math.max(1, size - reading);
      reading++;
      try {
        const bands = await preprocessing.recognize({ image, bands: idleWorkers });
        let extraction = await readBands(bands, 'eng');
        // A label in another language is read again with that language's model (its accents,
        // its letters), once English has read enough of it to tell which language it is.
        const language = extraction.readable ? OCR_LANGUAGES[labelLanguage(extraction.result.text)] : 'eng';
        if (language !== 'eng') {
          const again = await readBands(bands, language);
          if (again.readable) extraction = again;
        }
        return extraction.readable
          ? { kind: 'read', result: extraction.result }
          : { kind: 'unreadable', reason: 'no_confident_text' };
      } finally {
        reading--;
      }
    },
    close: async () => {
      await Promise.all([pool.terminate(), preprocessing.terminate()]);
    },
  };
}
