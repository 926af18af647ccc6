import type { Decider, DomainEvent, EventMetadata, Recorded } from '@labelwise/domain';
import { WrongExpectedVersion, type EventStore, type Position } from './port';
import type { FoldedStream, StreamStates } from './stream-states';

export interface CommandOptions<Command, State, Event extends DomainEvent> {
  store: EventStore;
  /** The stream's aggregate: its events, and the rules a command is decided by. */
  decider: Decider<Command, State, Event>;
  stream: string;
  /** Everything `decide` needs besides the stream's state (time, ids, limits) is in the command. */
  command: Command;
  metadata: EventMetadata;
  /** Re-reads and re-decides this many times when another writer got there first (default 3). */
  maxRetries?: number;
  /**
   * The id each decided event is appended with (default: a fresh one). Derived from what the
   * command stands for, a repeated command appends nothing: the store skips a known event id.
   * `index` is the event's place among the events this attempt decided.
   */
  eventId?: (event: Event, index: number) => string;
  /** Streams this process has folded before: the command reads only the events since. */
  states?: StreamStates;
  /** Whose command it is (`user-{uid}`): refused with SubjectErased once their erasure has begun. */
  onBehalfOf?: readonly string[];
}

export interface CommandResult<State, Event extends DomainEvent = DomainEvent> {
  /** The events appended; empty when `decide` had nothing to record. */
  events: Event[];
  /** Global position of the last appended event; undefined when nothing was appended. */
  position: Position | undefined;
  /** Stream state with the new events applied. */
  state: State;
}

/**
 * `folded` brought up to date: the events after its revision, folded onto its state by the
 * stream's decider (a stream holds its own aggregate's events only).
 */
async function readOn<State, Event extends DomainEvent>(
  store: EventStore,
  decider: Pick<Decider<unknown, State, Event>, 'evolve' | 'initialState'>,
  stream: string,
  folded: FoldedStream<State>,
): Promise<FoldedStream<State>> {
  const newer = await store.readStream(stream, { from: folded.revision + 1n });
  return {
    state: (newer as readonly Recorded[] as readonly Recorded<Event>[]).reduce(decider.evolve, folded.state),
    revision: newer.at(-1)?.revision ?? folded.revision,
    writtenElsewhere: folded.revision >= 0n && newer.length > 0,
  };
}

const unread = <State>(initialState: State): FoldedStream<State> => ({ state: initialState, revision: -1n });

/** The current state of one stream; with `states`, read from where this process last folded it. */
export async function loadState<State, Event extends DomainEvent>(
  store: EventStore,
  decider: Pick<Decider<unknown, State, Event>, 'evolve' | 'initialState'>,
  stream: string,
  states?: StreamStates,
): Promise<State> {
  const folded = await readOn(
    store,
    decider,
    stream,
    states?.get(stream, decider) ?? unread(decider.initialState),
  );
  states?.set(stream, decider, folded);
  return folded.state;
}

/**
 * Load → decide → append with the revision that was read. A concurrent append to the same
 * stream makes the append fail with WrongExpectedVersion; then the decision is re-made on
 * fresh state, so invariants hold under concurrency (e.g. exactly N scans per month).
 *
 * A stream this process has folded before (`states`) is decided on as it was folded, without a
 * read: the append's expected revision refuses the decision if anyone appended since, and then
 * the stream is read and the command decided again, as after any lost race (that first refusal
 * is not counted among the retries). Only a decision to append is trusted to such a state: a
 * refusal or a decision to record nothing is made again on the stream as it is. A stream whose
 * last read found others' events (two API processes taking turns with a user's requests) is read
 * first, as long as reads keep finding them. With `states`, this process's commands on one stream
 * also take turns (`StreamStates.inTurn`): only another process's appends make one decide again.
 *
 * With `eventId`, a decision whose ids the stream already holds was recorded by an earlier run of
 * the same command (a retried request): if those events are still the stream's last, nothing is
 * appended and the stream's state is the result; if the stream moved on since (the earlier run
 * went on to undo it, say), the command is decided again on the stream as it is, as a new decision
 * with fresh ids.
 */
export function handleCommand<Command, State, Event extends DomainEvent>(
  options: CommandOptions<Command, State, Event>,
): Promise<CommandResult<State, Event>> {
  const { states, stream } = options;
  return states ? states.inTurn(stream, () => decideAndAppend(options)) : decideAndAppend(options);
}

async function decideAndAppend<Command, State, Event extends DomainEvent>(
  options: CommandOptions<Command, State, Event>,
): Promise<CommandResult<State, Event>> {
  const { store, stream, decider, command, metadata, states, onBehalfOf } = options;
  const maxRetries = options.maxRetries ?? 3;
  let eventId = options.eventId;
  const known = states?.get(stream, decider);
  let folded = known ?? unread(decider.initialState);
  let current = known === undefined || known.writtenElsewhere === true;
  for (let attempt = 0; ;) {
    if (current) {
      folded = await readOn(store, decider, stream, folded);
      states?.set(stream, decider, folded);
    }
    const { state, revision } = folded;
    const events = current ? decider.decide(command, state) : decideTrusting(decider, command, state);
    if (events === undefined) {
      current = true;
      continue;
    }
    const after = events.reduce((folded, event) => decider.evolve(folded, { ...event, metadata }), state);
    if (events.length === 0) return { events, position: undefined, state: after };
    try {
      const { position, nextRevision } = await store.append(
        stream,
        events.map((event, index) => {
          const recorded: DomainEvent = event;
          return { ...recorded, ...(eventId ? { id: eventId(event, index) } : {}), metadata };
        }),
        { expectedRevision: revision >= 0n ? revision : 'no_stream', onBehalfOf },
      );
      if (nextRevision === revision + BigInt(events.length)) {
        states?.set(stream, decider, {
          state: after,
          revision: nextRevision,
          writtenElsewhere: folded.writtenElsewhere,
        });
        return { events, position, state: after };
      }
      // The ids are the stream's already: judged below once the stream is read.
      if (!current) {
        current = true;
        continue;
      }
      if (nextRevision === revision) return { events: [], position: undefined, state };
      eventId = undefined;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (!current) {
        current = true;
        continue;
      }
      if (attempt >= maxRetries) throw error;
    }
    attempt++;
  }
}

/** `decide` on a state that may be behind the stream: its events, or undefined unless it has some. */
function decideTrusting<Command, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
  command: Command,
  state: State,
): Event[] | undefined {
  try {
    const events = decider.decide(command, state);
    return events.length > 0 ? events : undefined;
  } catch {
    return undefined;
  }
}
