/**
 * Runs `work` on every item, `concurrency` at a time (each lane takes the next item when it is
 * done), and resolves once all are done; the first failure rejects.
 */
export async function forEachAtOnce<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}
