import { fmt } from '../support';
import type { BenchStore } from './bench-stores';
import type { StreamAppend } from './generate-events';

/**
 * Appends everything `appends` yields with `writers` concurrent writers (each takes the next
 * append when its last one is done), reporting progress every few seconds. Appends to one
 * stream stay in order and never overlap (Emmett refuses two concurrent first appends to a stream).
 */
export async function appendConcurrently(
  store: BenchStore,
  appends: Iterator<StreamAppend>,
  options: { writers: number; total: number; progress: (message: string) => void },
): Promise<{ events: number; seconds: number }> {
  const started = performance.now();
  const inFlight = new Map<string, Promise<void>>();
  let events = 0;
  let lastReport = started;
  const writer = async () => {
    for (let next = appends.next(); !next.done; next = appends.next()) {
      const append = next.value;
      const previous = inFlight.get(append.stream);
      const done = (async () => {
        if (previous) await previous;
        await store.append(append);
      })();
      inFlight.set(append.stream, done);
      try {
        await done;
      } finally {
        if (inFlight.get(append.stream) === done) inFlight.delete(append.stream);
      }
      events += append.events.length;
      const now = performance.now();
      if (now - lastReport > 5000) {
        lastReport = now;
        options.progress(
          `${fmt(events)} / ${fmt(options.total)} events (${fmt(events / ((now - started) / 1000))}/s)`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: options.writers }, writer));
  return { events, seconds: (performance.now() - started) / 1000 };
}
