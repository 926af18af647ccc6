import {
  streams,
  changeKey,
  mayBeMembership,
  providerCorrection,
  type SubscriptionState,
  userDecider,
} from '@labelwise/domain';
import type { ProjectionName } from '@labelwise/projections';
import { nameBasedUuid } from '../../commands/name-based-uuid';
import { runCommand, type Actor } from '../../commands/run-command';
import { loadState, type Position } from '@labelwise/event-store';
import type { AppContext } from '../../http/context';
import type { PaymentProvider, SubscriptionChange } from './port';

/** Fixed namespace for the name-based (v5) ids of subscription events. */
const NAMESPACE = '6f1d3c1e-9a4b-4f0c-8e2d-7a5b3c1d0e9f';

type Ctx = Pick<AppContext, 'store' | 'streamStates' | 'clock' | 'readYourWrites'>;

interface Request {
  actor: Actor;
  correlationId?: string;
  readModels?: readonly ProjectionName[];
}

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
  ctx: Ctx,
  change: SubscriptionChange,
  request: Request,
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

/**
 * A provider's report, acted on. When the user stream cannot take the subscription as the
 * user's membership (its request was replaced, or Premium already comes from another), the
 * provider cancels it and refunds the payment it took in full first; then the change is
 * recorded (the refund as SubscriptionPaymentRefunded). Both provider calls are idempotent, so
 * concurrent and repeated reports refund once, and a crash between them and the append is
 * mended by the next report (Stripe redelivers a webhook until it is answered).
 */
export async function settleReport(
  ctx: Ctx,
  provider: PaymentProvider,
  change: SubscriptionChange,
  request: Request,
): Promise<{ state: SubscriptionState; refunded: boolean }> {
  const correction = providerCorrection(await loadSubscription(ctx, change.uid), change, ctx.clock());
  if (correction) {
    await provider.cancelNow(correction.cancel);
    if (correction.refund) await provider.refundInFull(correction.refund);
  }
  const { state } = await recordChange(ctx, change, request);
  return { state, refunded: correction?.refund != null };
}

/**
 * Cancels at the provider every open subscription of the user that cannot be its membership:
 * those of replaced requests, and any left over from an earlier race.
 */
export async function cancelUnwanted(
  ctx: Pick<AppContext, 'clock'>,
  provider: PaymentProvider,
  uid: string,
  state: SubscriptionState,
): Promise<void> {
  for (const subscription of await provider.openSubscriptions(uid))
    if (!mayBeMembership(state, subscription, ctx.clock()))
      await provider.cancelNow(subscription.subscriptionId);
}

/** Cancels at the provider every subscription of the user it may still bill (their account is being deleted); how many. */
export async function cancelEveryOpenSubscription(provider: PaymentProvider, uid: string): Promise<number> {
  const open = await provider.openSubscriptions(uid);
  for (const subscription of open) await provider.cancelNow(subscription.subscriptionId);
  return open.length;
}

/**
 * Settles the subscription changes that fell due (test mode's renewals and expiries), of one
 * user or of everyone. Recording comes first and is idempotent, so a crash before `settle` only
 * repeats a no-op.
 */
export async function settleDueChanges(
  ctx: Ctx,
  provider: PaymentProvider,
  options: { uid?: string; readModels?: readonly ProjectionName[] } = {},
): Promise<number> {
  const due = await provider.dueChanges(ctx.clock(), options.uid);
  for (const { change, settle } of due) {
    await settleReport(ctx, provider, change, { actor: null, readModels: options.readModels });
    await settle();
  }
  return due.length;
}
