import { mkdtempSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import { createWorker, OEM, type Page, type WorkerParams } from 'tesseract.js';
import type { OcrLine, OcrPage } from './extraction/ocr-page';

const require = createRequire(import.meta.url);

/** The label languages OCR reads (the analyser's), by tesseract's name for each. */
export const OCR_LANGUAGES = { en: 'eng', fr: 'fra', de: 'deu', es: 'spa', it: 'ita', nl: 'nld' } as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[keyof typeof OCR_LANGUAGES];

/** Each language's traineddata, shipped in node_modules: OCR never fetches anything at run time. */
function traineddataDir(language: OcrLanguage): string {
  return path.join(
    path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)),
    '4.0.0_best_int',
  );
}

export const ENGLISH_LANG_PATH = traineddataDir('eng');

let languagesDir: string | undefined;

/**
 * One folder holding every language's traineddata (links to the packages' files), since a
 * tesseract.js worker reads all its languages from one `langPath`. Made once per process.
 */
function ocrLanguagesDir(): string {
  if (!languagesDir) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'labelwise-ocr-'));
    for (const language of Object.values(OCR_LANGUAGES)) {
      const file = `${language}.traineddata.gz`;
      symlinkSync(path.join(traineddataDir(language), file), path.join(dir, file));
    }
    languagesDir = dir;
  }
  return languagesDir;
}

/** tesseract.js options that keep it offline; `errorHandler` stops a failed job from throwing in its message loop. */
export function offlineWorkerOptions(onJobError: (error: unknown) => void) {
  return { langPath: ocrLanguagesDir(), gzip: true, cacheMethod: 'none', errorHandler: onJobError };
}

/** A photo (or a band of one) to read in a label language. */
export interface OcrJob {
  image: Buffer;
  language: OcrLanguage;
}

export interface OcrEngine {
  /** Reads `image` in `language` (English unless said); switching language costs a model load. */
  recognize(image: Buffer, language?: OcrLanguage): Promise<OcrPage>;
  terminate(): Promise<void>;
  /** The engine's thread, for supervision (and for tests that kill it). */
  readonly thread: ThreadWorker;
}

function linesOf(page: Page): OcrLine[] {
  return (page.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => ({
        text: line.text.trim(),
        height: line.rowAttributes.rowHeight || line.bbox.y1 - line.bbox.y0,
        confidence: line.confidence,
      })),
    ),
  );
}

/**
 * One tesseract.js worker thread (LSTM only, offline data). `onCrash` fires if the thread
 * itself dies; the job it was running is rejected at once instead of waiting for a timeout.
 */
export async function startTesseractEngine(options: {
  parameters: Partial<WorkerParams>;
  onJobError: (error: unknown) => void;
  onCrash: (error: unknown) => void;
}): Promise<OcrEngine> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, offlineWorkerOptions(options.onJobError));
  await worker.setParameters(options.parameters);
  let failRunningJob: ((error: unknown) => void) | null = null;
  const crashed = (error: unknown) => {
    failRunningJob?.(error);
    options.onCrash(error);
  };
  // The thread is not in tesseract.js's public types; without an 'error' listener its crash would end the process.
  const thread = (worker as unknown as { worker: ThreadWorker }).worker;
  thread.on('error', crashed);
  thread.on('exit', (code) => crashed(new Error(`OCR worker thread exited with code ${code}`)));

  let current: OcrLanguage = 'eng';
  return {
    thread,
    async recognize(image, language = 'eng') {
      if (language !== current) {
        await worker.reinitialize(language, OEM.LSTM_ONLY);
        await worker.setParameters(options.parameters);
        current = language;
      }
      const result = await new Promise<Page>((resolve, reject) => {
        failRunningJob = reject;
        worker.recognize(image, {}, { text: true, blocks: true }).then((r) => resolve(r.data), reject);
      }).finally(() => {
        failRunningJob = null;
      });
      return { text: result.text, lines: linesOf(result) };
    },
    async terminate() {
      thread.removeAllListeners('exit');
      failRunningJob?.(new Error('OCR worker terminated'));
      await worker.terminate();
    },
  };
}
