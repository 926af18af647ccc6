import { createHash, randomUUID } from 'node:crypto';
import { streams, type EventMetadata } from '@labelwise/domain';
import { handleCommand, type Position } from '@labelwise/event-store';
import type { AppContext } from '../../http/context';
import type { SubscriptionChange } from './port';
import {
  changeKey,
  decideSubscriptionChange,
  evolveSubscription,
  noSubscription,
  type SubscriptionState,
} from './subscription-state';

/** Fixed namespace for the name-based (v5) ids of subscription events. */
const NAMESPACE = Buffer.from('6f1d3c1e9a4b4f0c8e2d7a5b3c1d0e9f', 'hex');

/** RFC 4122 version-5 UUID: the same name always gives the same id. */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function eventMetadata(
  ctx: Pick<AppContext, 'clock'>,
  actor: string | null,
  correlationId: string = randomUUID(),
): EventMetadata {
  return { actor, correlationId, causationId: null, at: ctx.clock().toISOString() };
}

export async function loadSubscription(
  ctx: Pick<AppContext, 'store'>,
  uid: string,
): Promise<SubscriptionState> {
  const history = await ctx.store.readStream(streams.user(uid));
  return history.reduce(evolveSubscription, noSubscription);
}

/**
 * Appends what a provider's change means for the user, at most once. Two guards: the
 * decision is made on the stream's state (an applied change decides nothing), and the event
 * id is derived from the change, so concurrent deliveries that all decided to append write
 * one event (the store treats a repeated event id as a no-op).
 */
export async function recordChange(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  change: SubscriptionChange,
  metadata: EventMetadata,
): Promise<{ state: SubscriptionState; position: Position | undefined }> {
  const id = nameBasedUuid(changeKey(change));
  const { state, position } = await handleCommand({
    store: ctx.store,
    stream: streams.user(change.uid),
    initial: noSubscription,
    evolve: evolveSubscription,
    // handleCommand appends each decided object as given plus metadata, so the id travels with it.
    decide: (current) => decideSubscriptionChange(current, change).map((event) => ({ ...event, id })),
    metadata,
    maxRetries: 5,
  });
  return { state, position };
}
