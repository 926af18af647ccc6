import { createWorker } from 'tesseract.js';
import { createOcrService, ENGLISH_LANG_PATH } from '@labelwise/backend/ocr';

/** Something that reads label images: ours, or the peer. */
export interface LabelReader {
  /** How many images it reads at once. */
  size: number;
  read(image: Buffer): Promise<string>;
  close(): Promise<void>;
}

/** Spreads jobs over `engines`, each taking the next job when free. */
function poolOf(
  engines: Array<{ read(image: Buffer): Promise<string>; close(): Promise<void> }>,
): LabelReader {
  const idle = [...engines];
  const waiting: Array<(engine: (typeof engines)[number]) => void> = [];
  const release = (engine: (typeof engines)[number]) => {
    const next = waiting.shift();
    if (next) next(engine);
    else idle.push(engine);
  };
  return {
    size: engines.length,
    async read(image) {
      const engine =
        idle.pop() ?? (await new Promise<(typeof engines)[number]>((resolve) => waiting.push(resolve)));
      try {
        return await engine.read(image);
      } finally {
        release(engine);
      }
    },
    close: async () => {
      await Promise.all(engines.map((e) => e.close()));
    },
  };
}

/**
 * The production OCR path (backend/src/features/ocr/ocr-service.ts): sharp preprocessing, the supervised
 * worker pool of `size` engines, then extraction; an unreadable label reads as no text.
 */
export async function serviceReader(size: number): Promise<LabelReader> {
  const service = createOcrService({ poolSize: size });
  await service.pool.warmUp();
  return {
    size,
    read: async (image) => {
      const outcome = await service.read(image);
      return outcome.kind === 'read' ? outcome.result.text : '';
    },
    close: () => service.close(),
  };
}

/**
 * Plain tesseract.js: `createWorker('eng')` with its defaults, one worker, except that the
 * language data comes from the same local package instead of the CDN (no network at run time)
 * and is not cached to the working directory.
 */
export async function plainReader(): Promise<LabelReader> {
  const worker = await createWorker('eng', undefined, { langPath: ENGLISH_LANG_PATH, cacheMethod: 'none' });
  return poolOf([
    {
      read: async (image) => (await worker.recognize(image)).data.text,
      close: async () => void (await worker.terminate()),
    },
  ]);
}
