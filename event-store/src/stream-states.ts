import type { Decider } from '@labelwise/domain';

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
 * Streams this process has folded, most recently used last, so loading one again reads only the
 * events appended since (from any process): a state is never stale, only shorter to bring up to
 * date. Safe because a stream's events never change once written and every `evolve` returns a
 * new state rather than changing the one it is given.
 */
export class StreamStates {
  private readonly folded = new Map<string, { fold: Fold<unknown>; at: FoldedStream<unknown> }>();

  constructor(private readonly maxStreams = 20_000) {}

  get<State>(stream: string, fold: Fold<State>): FoldedStream<State> | undefined {
    const entry = this.folded.get(stream);
    if (!entry || entry.fold !== fold) return undefined;
    this.folded.delete(stream);
    this.folded.set(stream, entry);
    return entry.at as FoldedStream<State>;
  }

  set<State>(stream: string, fold: Fold<State>, at: FoldedStream<State>): void {
    const known = this.folded.get(stream);
    if (known && known.fold === fold && known.at.revision > at.revision) return;
    this.folded.delete(stream);
    this.folded.set(stream, { fold: fold as Fold<unknown>, at });
    if (this.folded.size > this.maxStreams) this.folded.delete(this.folded.keys().next().value!);
  }

  get size(): number {
    return this.folded.size;
  }
}
