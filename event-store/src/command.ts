import type { DomainEvent, EventMetadata } from '@labelwise/domain';
import { WrongExpectedVersion, type EventStore, type Position } from './port';

export interface CommandOptions<State> {
  store: EventStore;
  stream: string;
  initial: State;
  evolve: (state: State, event: DomainEvent) => State;
  /** Pure: everything it needs (time, ids, limits) is in `state` or captured by the caller. Throws DomainError to refuse. */
  decide: (state: State) => DomainEvent[];
  metadata: EventMetadata;
  /** Re-reads and re-decides this many times when another writer got there first (default 3). */
  maxRetries?: number;
}

export interface CommandResult<State> {
  /** The events appended; empty when `decide` had nothing to record. */
  events: DomainEvent[];
  /** Global position of the last appended event; undefined when nothing was appended. */
  position: Position | undefined;
  /** Stream state with the new events applied. */
  state: State;
}

/**
 * Load → decide → append with the revision that was read. A concurrent append to the same
 * stream makes the append fail with WrongExpectedVersion; then the decision is re-made on
 * fresh state, so invariants hold under concurrency (e.g. exactly N scans per month).
 */
export async function handleCommand<State>(options: CommandOptions<State>): Promise<CommandResult<State>> {
  const { store, stream, evolve, decide, metadata } = options;
  const maxRetries = options.maxRetries ?? 3;
  for (let attempt = 0; ; attempt++) {
    const history = await store.readStream(stream);
    const state = history.reduce(evolve, options.initial);
    const events = decide(state);
    const after = events.reduce(evolve, state);
    if (events.length === 0) return { events, position: undefined, state: after };
    const last = history.at(-1);
    try {
      const { position } = await store.append(
        stream,
        events.map((event) => ({ ...event, metadata })),
        { expectedRevision: last ? last.revision : 'no_stream' },
      );
      return { events, position, state: after };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= maxRetries) throw error;
    }
  }
}
