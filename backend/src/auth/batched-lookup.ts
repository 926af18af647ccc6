/** The most identifiers the provider answers in one call (firebase-admin's getUsers takes 100). */
const MAX_BATCH = 100;
/** How long a background lookup may wait for others to share its call. */
const BACKGROUND_WINDOW_MS = 250;

export interface LookupOptions {
  /** Nobody waits for the answer (a refresh while the last one still serves): it may wait for company. */
  background?: boolean;
}

interface Pending<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers single lookups into calls of up to 100 keys: the ones asked in the same turn of the
 * event loop go together at once, background ones also wait up to 250 ms for others. `lookupMany`
 * answers the keys it found; a key it leaves out is refused with `missing(key)`.
 */
export function batchLookups<T>(
  lookupMany: (keys: string[]) => Promise<Map<string, T>>,
  missing: (key: string) => Error,
): (key: string, options?: LookupOptions) => Promise<T> {
  let pending = new Map<string, Pending<T>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let immediate: ReturnType<typeof setImmediate> | undefined;

  const send = (batch: Map<string, Pending<T>>) => {
    lookupMany([...batch.keys()]).then(
      (found) => {
        for (const [key, { resolve, reject }] of batch) {
          const value = found.get(key);
          if (value === undefined) reject(missing(key));
          else resolve(value);
        }
      },
      (error: unknown) => {
        for (const { reject } of batch.values()) reject(error);
      },
    );
  };

  const flush = () => {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    timer = immediate = undefined;
    const batch = pending;
    pending = new Map();
    if (batch.size > 0) send(batch);
  };

  return (key, options = {}) => {
    let entry = pending.get(key);
    if (!entry) {
      let resolve!: (value: T) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
      entry = { promise, resolve, reject };
      pending.set(key, entry);
    }
    if (pending.size >= MAX_BATCH) flush();
    else if (!options.background) immediate ??= setImmediate(flush);
    else timer ??= setTimeout(flush, BACKGROUND_WINDOW_MS);
    return entry.promise;
  };
}
