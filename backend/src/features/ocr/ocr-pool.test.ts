import type { Worker as ThreadWorker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { OcrPage } from './extraction/ocr-page';
import { createOcrPool, OcrPoolClosed, OcrQueueFull, OcrTimeout } from './ocr-pool';
import type { OcrEngine } from './tesseract-engine';

const page = (text: string): OcrPage => ({ text, lines: [] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a healthy fake engine answers to an input it will not read. */
class Refused extends Error {}

/**
 * Engines that "read" the image's bytes as text after `delayMs`; 'hang' never answers, 'crash'
 * kills the engine, 'refuse' is refused with `Refused`.
 */
function fakeEngines(delayMs = 10) {
  const started: Array<{ terminated: boolean; crash: (error: unknown) => void }> = [];
  let running = 0;
  let maxRunning = 0;
  const startEngine = async (onCrash: (error: unknown) => void): Promise<OcrEngine> => {
    const state = { terminated: false, crash: onCrash };
    started.push(state);
    return {
      thread: null as unknown as ThreadWorker,
      async recognize(image) {
        const text = image.toString();
        running++;
        maxRunning = Math.max(maxRunning, running);
        try {
          if (text === 'hang') await new Promise(() => {});
          await sleep(delayMs);
          if (text === 'refuse') throw new Refused('not an image');
          if (text === 'crash') {
            onCrash(new Error('thread died'));
            throw new Error('thread died');
          }
          return page(text);
        } finally {
          running--;
        }
      },
      async terminate() {
        state.terminated = true;
      },
    };
  };
  return { startEngine, started, maxRunning: () => maxRunning };
}

describe('createOcrPool', () => {
  it('starts workers lazily, runs at most `size` jobs at once and answers every queued job', async () => {
    const engines = fakeEngines();
    const pool = createOcrPool({
      size: 2,
      maxQueue: 50,
      jobTimeoutMs: 1000,
      startEngine: engines.startEngine,
    });
    expect(engines.started).toHaveLength(0);
    const texts = Array.from({ length: 20 }, (_, i) => `job ${i}`);
    const pages = await Promise.all(texts.map((text) => pool.recognize(Buffer.from(text))));
    expect(pages.map((p) => p.text)).toEqual(texts);
    expect(engines.maxRunning()).toBe(2);
    expect(engines.started).toHaveLength(2); // kept warm, not restarted per job
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0, enginesStarted: 2, enginesReplaced: 0 });
    await pool.terminate();
  });

  it('refuses work beyond the queue bound', async () => {
    const engines = fakeEngines(30);
    const pool = createOcrPool({
      size: 1,
      maxQueue: 2,
      jobTimeoutMs: 1000,
      startEngine: engines.startEngine,
    });
    const accepted = [1, 2, 3].map((i) => pool.recognize(Buffer.from(`ok ${i}`)));
    await expect(pool.recognize(Buffer.from('one too many'))).rejects.toBeInstanceOf(OcrQueueFull);
    await expect(Promise.all(accepted)).resolves.toHaveLength(3);
    await pool.terminate();
  });

  it('replaces a worker that crashed or timed out; the next job succeeds on a fresh one', async () => {
    const engines = fakeEngines();
    const pool = createOcrPool({ size: 1, maxQueue: 5, jobTimeoutMs: 100, startEngine: engines.startEngine });
    await expect(pool.recognize(Buffer.from('crash'))).rejects.toThrow('thread died');
    await expect(pool.recognize(Buffer.from('after crash'))).resolves.toEqual(page('after crash'));
    await expect(pool.recognize(Buffer.from('hang'))).rejects.toBeInstanceOf(OcrTimeout);
    await expect(pool.recognize(Buffer.from('after hang'))).resolves.toEqual(page('after hang'));
    expect(engines.started).toHaveLength(3);
    expect(engines.started.slice(0, 2).every((engine) => engine.terminated)).toBe(true);
    expect(pool.stats().enginesReplaced).toBe(2);
    await pool.terminate();
  });

  it('keeps a worker that refused its input (8 refusals, no worker discarded); other failures still discard it', async () => {
    const engines = fakeEngines();
    const pool = createOcrPool({
      size: 1,
      maxQueue: 10,
      jobTimeoutMs: 1000,
      isRefusal: (error) => error instanceof Refused,
      startEngine: engines.startEngine,
    });
    for (let i = 0; i < 8; i++) await expect(pool.recognize(Buffer.from('refuse'))).rejects.toThrow(Refused);
    await expect(pool.recognize(Buffer.from('then a photo'))).resolves.toEqual(page('then a photo'));
    expect(pool.stats()).toMatchObject({ enginesStarted: 1, enginesReplaced: 0 });
    expect(engines.started[0]!.terminated).toBe(false);
    await expect(pool.recognize(Buffer.from('crash'))).rejects.toThrow('thread died');
    expect(pool.stats()).toMatchObject({ enginesStarted: 1, enginesReplaced: 1 });
    await pool.terminate();
  });

  it('retries a failed engine start on the next job', async () => {
    let attempts = 0;
    const engines = fakeEngines();
    const pool = createOcrPool({
      size: 1,
      maxQueue: 5,
      jobTimeoutMs: 1000,
      startEngine: async (onCrash) => {
        if (attempts++ === 0) throw new Error('no traineddata');
        return engines.startEngine(onCrash);
      },
    });
    await expect(pool.recognize(Buffer.from('first'))).rejects.toThrow('no traineddata');
    await expect(pool.recognize(Buffer.from('second'))).resolves.toEqual(page('second'));
    await pool.terminate();
  });

  it('on terminate fails queued jobs, stops every worker and refuses new work', async () => {
    const engines = fakeEngines(50);
    const pool = createOcrPool({
      size: 1,
      maxQueue: 5,
      jobTimeoutMs: 1000,
      startEngine: engines.startEngine,
    });
    const running = pool.recognize(Buffer.from('running'));
    const queued = pool.recognize(Buffer.from('queued'));
    await sleep(5);
    await pool.terminate();
    await expect(queued).rejects.toBeInstanceOf(OcrPoolClosed);
    await expect(pool.recognize(Buffer.from('late'))).rejects.toBeInstanceOf(OcrPoolClosed);
    expect(engines.started.every((engine) => engine.terminated)).toBe(true);
    await running.catch(() => {});
  });
});
