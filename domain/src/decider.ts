import type { DomainEvent } from './events/catalogue';
import type { EventMetadata } from './events/metadata';

/** An event as its stream holds it: with the time it was recorded (a decided one, its command's). */
export type Recorded<Event extends DomainEvent = DomainEvent> = Event & {
  metadata: Pick<EventMetadata, 'at'>;
};

/**
 * One aggregate's rules: `decide` turns a command into the events it records (or throws a
 * DomainError to refuse), `evolve` folds one of the aggregate's recorded events into its state, and
 * `initialState` is the state of an empty stream. Pure: time, ids and limits arrive in the command.
 */
export interface Decider<Command, State, Event extends DomainEvent = DomainEvent> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Recorded<Event>): State;
  initialState: State;
}

/**
 * For the `default` of an exhaustive `switch`: compiles only when every case is handled.
 * A decider throws on a command it does not know; an evolve passes `state` back unchanged.
 */
export function unknownCommand(command: never): never {
  throw new Error(`Unknown command ${JSON.stringify(command)}`);
}
