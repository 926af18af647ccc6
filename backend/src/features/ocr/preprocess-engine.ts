import { Worker } from 'node:worker_threads';
import type { PoolEngine } from './ocr-pool';
import { ImageRejected } from './preprocess';
import type { PreprocessReply, PreprocessRequest } from './preprocess-thread';

export interface PreprocessJob {
  image: Buffer;
  /** Horizontal bands to cut the page into (one per idle OCR worker). */
  bands: number;
}

export interface PreprocessEngine extends PoolEngine<PreprocessJob, Buffer[]> {
  readonly thread: Worker;
}

const BOOT = new URL('./preprocess-thread-boot.mjs', import.meta.url);
const ENTRY = new URL('./preprocess-thread.ts', import.meta.url).href;

/**
 * One preprocessing thread (`preprocess-thread.ts`): `recognize` hands it a photo and resolves
 * with the PNG bands `preprocessForOcr` makes of it, or rejects with the same `ImageRejected`.
 * `onCrash` fires if the thread dies; the job it was running is rejected at once.
 */
export async function startPreprocessEngine(
  onCrash: (error: unknown) => void,
  options: { maxHeapMb?: number } = {},
): Promise<PreprocessEngine> {
  const thread = new Worker(BOOT, {
    workerData: { entry: ENTRY },
    // A runaway photo stops its own thread, not the API (pixel buffers are bounded by the pixel cap).
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 256 },
    stdout: false,
    stderr: false,
  });
  let running: { resolve(bands: Buffer[]): void; reject(error: unknown): void } | null = null;
  const crashed = (error: unknown) => {
    running?.reject(error);
    running = null;
    onCrash(error);
  };
  await new Promise<void>((resolve, reject) => {
    thread.once('online', resolve);
    thread.once('error', reject);
  });
  thread.on('error', crashed);
  thread.on('exit', (code) => crashed(new Error(`Preprocessing thread exited with code ${code}`)));
  thread.on('message', (reply: PreprocessReply) => {
    const job = running;
    running = null;
    if (!job) return;
    if (reply.ok)
      job.resolve(reply.bands.map((band) => Buffer.from(band.buffer, band.byteOffset, band.byteLength)));
    else if (reply.rejected) job.reject(new ImageRejected(reply.rejected.reason, reply.rejected.message));
    else job.reject(new Error(`Preprocessing failed: ${reply.message}`));
  });

  return {
    thread,
    recognize(job) {
      return new Promise<Buffer[]>((resolve, reject) => {
        running = { resolve, reject };
        thread.postMessage({ image: job.image, bands: job.bands } satisfies PreprocessRequest);
      });
    },
    async terminate() {
      thread.removeAllListeners('exit');
      running?.reject(new Error('Preprocessing thread terminated'));
      running = null;
      await thread.terminate();
    },
  };
}
