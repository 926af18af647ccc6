import type { OwnRows } from './projection';

/** Catching up or rebuilding, at most this many batches of one projection in flight. */
export const SIDE_BY_SIDE = 2;

/**
 * The batches of one projection applied side by side, oldest first. Each waits for the one
 * before it to commit, so the newest settles last.
 */
export class BatchesInFlight<T> {
  private batches: Array<{ done: Promise<T>; rows: OwnRows }> = [];

  /**
   * Makes way for a batch writing `rows` (null: not only its own rows): waits for every batch in
   * flight when it cannot go beside them, else for the oldest while the limit is reached. Returns
   * the first result that is not `ok`, at which the caller stops; undefined when the way is clear.
   */
  async makeWay(rows: OwnRows | null, ok: (result: T) => boolean): Promise<T | undefined> {
    if (rows === null || this.batches.some((batch) => overlaps(rows, batch.rows))) {
      const newest = this.settle();
      if (!newest) return undefined;
      const result = await newest;
      return ok(result) ? undefined : result;
    }
    while (this.batches.length >= SIDE_BY_SIDE) {
      const result = await this.batches.shift()!.done;
      if (!ok(result)) return result;
    }
    return undefined;
  }

  /** The newest batch in flight, which the next one waits for. */
  get newest(): Promise<T> | undefined {
    return this.batches.at(-1)?.done;
  }

  add(done: Promise<T>, rows: OwnRows): void {
    // Awaited later; until then a failure is no unhandled rejection.
    done.catch(() => {});
    this.batches.push({ done, rows });
  }

  /** Empties the list; the newest batch's result, once every batch has settled. */
  settle(): Promise<T> | undefined {
    const newest = this.newest;
    this.batches = [];
    return newest;
  }
}

function overlaps(a: OwnRows, b: OwnRows): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const key of small) if (large.has(key)) return true;
  return false;
}
