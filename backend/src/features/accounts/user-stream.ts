import { streams, type DomainEvent } from '@labelwise/domain';
import { evolveUser, newUser, type UserState } from '@labelwise/domain/users/user';
import { handleCommand, type CommandResult, type EventStore } from '@labelwise/event-store';
import type { AppContext } from '../../http/context';
import { eventMetadata } from './event-metadata';

export async function loadUser(store: EventStore, uid: string): Promise<UserState> {
  return (await store.readStream(streams.user(uid))).reduce(evolveUser, newUser);
}

/**
 * Decides on the user's own stream and appends with the revision that was read; a concurrent
 * write to the same stream makes it decide again on fresh state (up to `maxRetries` times).
 */
export function runUserCommand(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  uid: string,
  decide: (state: UserState) => DomainEvent[],
  maxRetries?: number,
): Promise<CommandResult<UserState>> {
  return handleCommand({
    store: ctx.store,
    stream: streams.user(uid),
    initial: newUser,
    evolve: evolveUser,
    decide,
    metadata: eventMetadata(ctx, uid),
    maxRetries,
  });
}
