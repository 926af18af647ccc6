import { expect } from 'vitest';
import type { Decider, Recorded } from '../src/decider';
import { DomainError, type DomainErrorKind } from '../src/errors';
import type { DomainEvent } from '../src/events/catalogue';

export interface Refusal {
  kind: DomainErrorKind;
  code: string;
  message: string;
}

/**
 * Given/when/then for deciders:
 *
 *     const spec = deciderSpec(userDecider);
 *     spec.given([registered]).when(setUsername('Alice')).then([usernameSet]);
 *     spec.given(tenScans).when(scan).thenRefuses('SCAN_LIMIT_REACHED');
 *
 * `given` folds the history with the decider's own `evolve`; `state` exposes the result. Events
 * given without metadata are recorded at `GIVEN_AT`; decided ones at the time of their command.
 */
export function deciderSpec<Command, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
) {
  return {
    given(events: readonly (Event | Recorded<Event>)[] = []) {
      const state = events.map(recorded).reduce(decider.evolve, decider.initialState);
      return {
        state,
        when(command: Command) {
          const decide = () => decider.decide(command, state);
          return {
            /** The events decided. */
            events: decide,
            /** The state after the decided events. */
            state: () => decide().map(recorded).reduce(decider.evolve, state),
            then(expected: readonly Event[]) {
              expect(decide()).toEqual(expected);
            },
            /** Asserts a DomainError with this code (and, when given, kind and message); returns it. */
            thenRefuses(code: string, expected: Partial<Omit<Refusal, 'code'>> = {}): Refusal {
              const refusal = refusalOf(decide);
              expect(refusal).toMatchObject({ code, ...expected });
              return refusal;
            },
          };
        },
      };
    },
  };
}

/** When the events a spec gives without metadata were recorded. */
export const GIVEN_AT = '2026-03-01T09:00:00.000Z';

function recorded<Event extends DomainEvent>(event: Event | Recorded<Event>): Recorded<Event> {
  return 'metadata' in event ? event : { ...event, metadata: { at: GIVEN_AT } };
}

function refusalOf(decide: () => unknown): Refusal {
  try {
    decide();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the decider to refuse, but it decided');
}
