/** The keys of the rows only one batch writes (`ProjectionDefinition.ownRows`). */
export type OwnRows = ReadonlySet<number | string>;

/** Catching up or rebuilding, at most this many batches of one projection in flight. */
export const SIDE_BY_SIDE = 2;

/**
 * The batches of one projection applied side by side, oldest first. Each waits for the one
 * before it to commit, so the newest settles last.
 */
export class BatchesInFlight<T> {
  private batches: Array<{ done: Promise<T>; rows: OwnRows }> = [];

  /** Whether a batch writing `rows` (null: not only its own rows) may start beside these (or alone, as the first). */
  fits(rows: OwnRows | null): boolean {
    return rows !== null && !this.batches.some((batch) => overlaps(rows, batch.rows));
  }

  /** The newest batch in flight, which the next one waits for. */
  get newest(): Promise<T> | undefined {
    return this.batches.at(-1)?.done;
  }

  /** Takes the oldest out if the limit is reached: its result is to be awaited before starting another. */
  oldestOverLimit(): Promise<T> | undefined {
    return this.batches.length >= SIDE_BY_SIDE ? this.batches.shift()!.done : undefined;
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
