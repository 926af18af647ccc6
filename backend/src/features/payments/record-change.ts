import { streams } from '@labelwise/domain';
import { changeKey, type SubscriptionState } from '@labelwise/domain/users/subscription';
import { userDecider } from '@labelwise/domain/users/user';
import type { ProjectionName } from '@labelwise/projections/registry';
import { nameBasedUuid } from '../../commands/name-based-uuid';
import { runCommand, type Actor } from '../../commands/run-command';
import { loadState, type Position } from '@labelwise/event-store';
import type { AppContext } from '../../http/context';
import type { SubscriptionChange } from './port';

/** Fixed namespace for the name-based (v5) ids of subscription events. */
const NAMESPACE = '6f1d3c1e-9a4b-4f0c-8e2d-7a5b3c1d0e9f';

export async function loadSubscription(
  ctx: Pick<AppContext, 'store' | 'streamStates'>,
  uid: string,
): Promise<SubscriptionState> {
  return (await loadState(ctx.store, userDecider, streams.user(uid), ctx.streamStates)).subscription;
}

/**
 * Appends what a provider's change means for the user, at most once. Two guards: the
 * decision is made on the stream's state (an applied change decides nothing), and the event
 * id is derived from the change, so concurrent deliveries that all decided to append write
 * one event (the store treats a repeated event id as a no-op).
 */
export async function recordChange(
  ctx: Pick<AppContext, 'store' | 'streamStates' | 'clock' | 'readYourWrites'>,
  change: SubscriptionChange,
  request: { actor: Actor; correlationId?: string; readModels?: readonly ProjectionName[] },
): Promise<{ state: SubscriptionState; position: Position | undefined }> {
  const id = nameBasedUuid(changeKey(change), NAMESPACE);
  const { state, position } = await runCommand(ctx, {
    decider: userDecider,
    stream: streams.user(change.uid),
    command: { type: 'RecordSubscriptionChange', change, now: ctx.clock() },
    actor: request.actor,
    correlationId: request.correlationId,
    readModels: request.readModels ?? [],
    maxRetries: 5,
    eventId: () => id,
  });
  return { state: state.subscription, position };
}
