import { randomUUID } from 'node:crypto';
import { subjectName, type Decider, type DomainEvent, type EventMetadata } from '@labelwise/domain';
import type { ProjectionName } from '@labelwise/projections';
import { handleCommand, type CommandResult } from '@labelwise/event-store';
import type { AppContext } from '../http/context';
import { nextCommandEventIds } from './idempotent-request';

/** Who causes a command: a user's or an administrator's uid, or null for the system (seed, webhooks). */
export type Actor = string | null;

/**
 * The metadata of the events one command records: the audit trail's who, when and which request.
 * The one place metadata is built.
 */
export function commandMetadata(actor: Actor, at: Date, correlationId: string = randomUUID()): EventMetadata {
  return { actor, correlationId, causationId: null, at: at.toISOString() };
}

export interface RunCommand<Command, State, Event extends DomainEvent> {
  decider: Decider<Command, State, Event>;
  stream: string;
  command: Command;
  actor: Actor;
  /** Read models the client reads next: the command returns once they show its events (bounded wait). */
  readModels: readonly ProjectionName[];
  /** When the command happens (default: the server's clock now); also the metadata's `at`. */
  now?: Date;
  /** Shared by the commands of one request (claim a name, then set it); default a fresh one. */
  correlationId?: string;
  maxRetries?: number;
  /** Default: derived from the request's Idempotency-Key when it has one (see idempotent-request), else fresh. */
  eventId?: (event: Event, index: number) => string;
  /**
   * Whose command it is: refused (SubjectErased) once the erasure of one of them has begun.
   * Default: the actor's. An erasure's own commands pass none.
   */
  onBehalfOf?: readonly string[];
}

/** The subjects a command of `actor` is made on behalf of: a user's own commands stop at their erasure. */
const actorSubjects = (actor: Actor): string[] => (actor === null ? [] : [subjectName('user', actor)]);

/**
 * Runs one command on one stream: load → decide → append with the revision that was read (see
 * handleCommand), then read-your-writes on `readModels`. The wait is bounded: when it times out the
 * result is still the command's, and callers answer from it rather than from the read models.
 */
export async function runCommand<Command, State, Event extends DomainEvent>(
  ctx: Pick<AppContext, 'store' | 'streamStates' | 'clock' | 'readYourWrites'>,
  run: RunCommand<Command, State, Event>,
): Promise<CommandResult<State, Event>> {
  const { decider, stream, command, actor, readModels, maxRetries, eventId } = run;
  const result = await handleCommand({
    store: ctx.store,
    states: ctx.streamStates,
    decider,
    stream,
    command,
    metadata: commandMetadata(actor, run.now ?? ctx.clock(), run.correlationId),
    maxRetries,
    eventId: eventId ?? nextCommandEventIds(stream),
    onBehalfOf: run.onBehalfOf ?? actorSubjects(actor),
  });
  if (result.position && readModels.length > 0) await ctx.readYourWrites(readModels, result.position);
  return result;
}
