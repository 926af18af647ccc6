import type { BatchItem } from './plan-batch';

/**
 * Gathers products into batches and runs up to `concurrency` of them at once, so reading,
 * parsing and analysis overlap the database's work. A barcode is never in two batches in flight:
 * a second record of one waits for the first to be in, so records are decided in file order.
 * A failed batch fails the next `add`, `flush` or `drain`.
 */
export function createBatchPipeline(options: {
  batchSize: number;
  concurrency: number;
  run: (items: BatchItem[]) => Promise<void>;
}) {
  let batch = new Map<string, BatchItem>();
  const inFlight = new Set<Promise<void>>();
  const busy = new Set<string>();

  const drain = async () => {
    await Promise.all(inFlight);
  };

  const flush = async () => {
    if (batch.size === 0) return;
    const items = [...batch.values()];
    batch = new Map();
    while (inFlight.size >= options.concurrency) await Promise.race(inFlight);
    for (const item of items) busy.add(item.barcode);
    const running = options.run(items).finally(() => {
      inFlight.delete(running);
      for (const item of items) busy.delete(item.barcode);
    });
    inFlight.add(running);
    // Until the next flush or drain awaits it, a failure is not an unhandled rejection.
    running.catch(() => {});
  };

  return {
    async add(item: BatchItem) {
      if (batch.has(item.barcode) || busy.has(item.barcode)) {
        await flush();
        await drain();
      }
      batch.set(item.barcode, item);
      if (batch.size >= options.batchSize) await flush();
    },
    /** Starts the batch in hand and waits for every batch in flight. */
    async finish() {
      try {
        await flush();
      } finally {
        await drain();
      }
    },
    /** Waits for the batches in flight, leaving the batch in hand unsent (a failed run). */
    drain,
  };
}
