import type { Logger } from 'pino';
import type { OcrPage } from './extraction/ocr-page';

/** One worker of a pool: a tesseract.js thread (photo → page) or a preprocessing thread (photo → bands). */
export interface PoolEngine<I, O> {
  recognize(input: I): Promise<O>;
  terminate(): Promise<void>;
}

/** Every worker is busy and the waiting line is full: the caller should come back shortly. */
export class OcrQueueFull extends Error {
  constructor() {
    super('All OCR workers are busy and the queue is full');
    this.name = 'OcrQueueFull';
  }
}

export class OcrTimeout extends Error {
  constructor(ms: number) {
    super(`OCR job took longer than ${ms} ms`);
    this.name = 'OcrTimeout';
  }
}

export class OcrPoolClosed extends Error {
  constructor() {
    super('The OCR pool has been shut down');
    this.name = 'OcrPoolClosed';
  }
}

export interface OcrPoolOptions<I = Buffer, O = OcrPage> {
  size: number;
  /** Jobs allowed to wait for a free worker; one more is refused with `OcrQueueFull`. */
  maxQueue: number;
  /** Per job, from the moment a worker takes it (engine start included). */
  jobTimeoutMs: number;
  /**
   * Whether a failed job was the input's fault, answered by a healthy worker (a photo refused
   * before it was read): that worker is kept. Any other failure throws the worker away.
   */
  isRefusal?: (error: unknown) => boolean;
  /** Starts one engine; `onCrash` must be called if it dies on its own. */
  startEngine(onCrash: (error: unknown) => void): Promise<PoolEngine<I, O>>;
  logger?: Pick<Logger, 'warn' | 'info'>;
}

export interface OcrPoolStats {
  size: number;
  running: number;
  queued: number;
  /** Engines started so far, replacements included. */
  enginesStarted: number;
  enginesReplaced: number;
}

export interface OcrPool<I = Buffer, O = OcrPage> {
  recognize(input: I): Promise<O>;
  /** Starts every worker now instead of on first use. */
  warmUp(): Promise<void>;
  stats(): OcrPoolStats;
  /** Refuses new work, fails queued jobs with `OcrPoolClosed` and stops every worker. */
  terminate(): Promise<void>;
}

interface Job<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

interface Slot<I, O> {
  index: number;
  engine: Promise<PoolEngine<I, O>> | null;
  busy: boolean;
}

/**
 * A fixed number of OCR workers, started lazily and kept warm, in front of a bounded queue.
 * A worker whose job times out or fails (other than by refusing its input), fails to start or
 * whose thread dies is thrown away; the next job on that slot starts a fresh one, so one bad
 * image or crash never takes the pool down.
 */
export function createOcrPool<I = Buffer, O = OcrPage>(options: OcrPoolOptions<I, O>): OcrPool<I, O> {
  type Engine = PoolEngine<I, O>;
  const slots: Slot<I, O>[] = Array.from({ length: options.size }, (_, index) => ({
    index,
    engine: null,
    busy: false,
  }));
  const queue: Job<I, O>[] = [];
  let closed = false;
  let enginesStarted = 0;
  let enginesReplaced = 0;

  function discard(slot: Slot<I, O>, engine: Promise<Engine> | null, reason: string) {
    if (!engine || slot.engine !== engine) return;
    slot.engine = null;
    enginesReplaced++;
    options.logger?.warn({ slot: slot.index, reason }, 'OCR worker discarded; the next job starts a new one');
    engine.then((e) => e.terminate()).catch(() => {});
  }

  function engineFor(slot: Slot<I, O>): Promise<Engine> {
    if (slot.engine) return slot.engine;
    enginesStarted++;
    const started: Promise<Engine> = options.startEngine((error) => {
      discard(slot, started, `worker crashed: ${error instanceof Error ? error.message : String(error)}`);
    });
    slot.engine = started;
    started.catch(() => {
      if (slot.engine === started) slot.engine = null;
    });
    return started;
  }

  async function run(slot: Slot<I, O>, job: Job<I, O>) {
    let engine: Promise<Engine> | null = null;
    let timer: NodeJS.Timeout | undefined;
    try {
      engine = engineFor(slot);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new OcrTimeout(options.jobTimeoutMs)), options.jobTimeoutMs);
      });
      const output = await Promise.race([engine.then((e) => e.recognize(job.input)), timeout]);
      job.resolve(output);
    } catch (error) {
      // Unless it refused the input, the worker may still be chewing on it (timeout) or be dead
      // (crash): never reuse it.
      if (!options.isRefusal?.(error))
        discard(slot, engine, error instanceof Error ? error.message : String(error));
      job.reject(error);
    } finally {
      clearTimeout(timer);
      slot.busy = false;
      pump();
    }
  }

  function pump() {
    if (closed) return;
    for (const slot of slots) {
      if (!queue.length) return;
      if (slot.busy) continue;
      slot.busy = true;
      void run(slot, queue.shift()!);
    }
  }

  return {
    recognize(input) {
      if (closed) return Promise.reject(new OcrPoolClosed());
      const idle = slots.some((slot) => !slot.busy);
      if (!idle && queue.length >= options.maxQueue) return Promise.reject(new OcrQueueFull());
      return new Promise<O>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        pump();
      });
    },
    async warmUp() {
      await Promise.all(slots.map((slot) => engineFor(slot)));
    },
    stats() {
      return {
        size: slots.length,
        running: slots.filter((slot) => slot.busy).length,
        queued: queue.length,
        enginesStarted,
        enginesReplaced,
      };
    },
    async terminate() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new OcrPoolClosed());
      await Promise.allSettled(
        slots.map(async (slot) => {
          const engine = slot.engine;
          slot.engine = null;
          if (engine) await (await engine).terminate();
        }),
      );
    },
  };
}
