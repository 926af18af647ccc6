import type { Decider } from '@labelwise/domain';
import { LRUCache } from 'lru-cache';

/** A stream's fold, whatever its events: it only tells states apart. */
type Fold<State> = Pick<Decider<unknown, State, never>, 'evolve' | 'initialState'>;

/** A stream folded up to `revision` (its last event's; -1 for a stream without events). */
export interface FoldedStream<State> {
  state: State;
  revision: bigint;
  /**
   * The last read of it found events this process had not seen: someone else writes it too (another
   * API process), so a command reads it before deciding rather than trusting this state.
   */
  writtenElsewhere?: boolean;
}

/**
 * Streams this process has folded (the `maxStreams` most recently used), so loading one again reads only the
 * events appended since (from any process): a state is never stale, only shorter to bring up to
 * date. Safe because a stream's events never change once written and every `evolve` returns a
 * new state rather than changing the one it is given.
 */
export class StreamStates {
  private readonly folded: LRUCache<string, { fold: Fold<unknown>; at: FoldedStream<unknown> }>;
  /** The last command in line on each stream that has one running. */
  private readonly lastInLine = new Map<string, Promise<void>>();

  constructor(maxStreams = 20_000) {
    this.folded = new LRUCache({ max: maxStreams });
  }

  get<State>(stream: string, fold: Fold<State>): FoldedStream<State> | undefined {
    const entry = this.folded.get(stream);
    if (!entry || entry.fold !== fold) return undefined;
    return entry.at as FoldedStream<State>;
  }

  set<State>(stream: string, fold: Fold<State>, at: FoldedStream<State>): void {
    const known = this.folded.peek(stream);
    if (known && known.fold === fold && known.at.revision > at.revision) return;
    this.folded.set(stream, { fold: fold as Fold<unknown>, at });
  }

  /** Drops what is known of these streams (their subject was erased): the next command reads them. */
  forget(streams: readonly string[]): void {
    for (const stream of streams) this.folded.delete(stream);
  }

  /**
   * Runs `command` once the commands on `stream` this process started before it are done, one at
   * a time: a user's ten simultaneous scans then append in turn on the state the last one left,
   * rather than all deciding on the same revision and all but one being refused, re-reading and
   * trying again (ten appends where there were about fifty statements). `command` must not wait for
   * another command on the same stream.
   */
  async inTurn<T>(stream: string, command: () => Promise<T>): Promise<T> {
    const previous = this.lastInLine.get(stream);
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    this.lastInLine.set(stream, mine);
    try {
      await previous;
      return await command();
    } finally {
      done();
      if (this.lastInLine.get(stream) === mine) this.lastInLine.delete(stream);
    }
  }

  get size(): number {
    return this.folded.size;
  }
}
