import { unknownCommand } from '../decider';
import type { EventData, EventOf } from '../events/catalogue';
import type { Plan } from '../events/user-events';

/** Who sells memberships: a payment provider (admin grants are decided by the user aggregate). */
export type PaymentProviderName = Exclude<EventData<'SubscriptionActivated'>['provider'], 'admin'>;

/**
 * What a payment provider tells us happened to a subscription. The provider is the source of
 * truth; each change becomes at most one event on the `user-{uid}` stream.
 */
export type SubscriptionChange =
  | {
      type: 'activated';
      uid: string;
      plan: Plan;
      provider: PaymentProviderName;
      subscriptionId: string;
      /** The membership request the subscription was created for; null when the provider does not say. */
      requestId: string | null;
      /** The provider's reference for the payment (Stripe invoice id, test-mode PaymentIntent id); null for a free renewal. */
      paymentId: string | null;
      periodEnd: Date;
    }
  | { type: 'cancelled'; uid: string; subscriptionId: string; effectiveAt: Date }
  | { type: 'expired'; uid: string; subscriptionId: string };

export type ActivatedChange = Extract<SubscriptionChange, { type: 'activated' }>;

export interface CurrentSubscription {
  subscriptionId: string;
  plan: Plan;
  provider: EventData<'SubscriptionActivated'>['provider'];
  periodEnd: string;
  /** When a cancellation takes effect (the period end); null while the subscription renews. */
  cancelsAt: string | null;
}

export interface PendingRequest {
  requestId: string;
  plan: Plan;
  at: string;
}

/** The membership part of a user's stream: premium while `current` is set. */
export interface SubscriptionState {
  current: CurrentSubscription | null;
  /** Subscriptions that are over (expired, or refunded): nothing more is recorded about them. */
  ended: ReadonlySet<string>;
  /** The latest membership request no subscription has answered yet. */
  pendingRequest: PendingRequest | null;
  /** Requests no subscription may answer any more: replaced by a newer one, or closed when Premium started. */
  closedRequests: ReadonlySet<string>;
}

export const noSubscription: SubscriptionState = {
  current: null,
  ended: new Set(),
  pendingRequest: null,
  closedRequests: new Set(),
};

/** Every event about a user's membership. */
export type MembershipEvent = EventOf<
  | 'SubscriptionRequested'
  | 'SubscriptionActivated'
  | 'SubscriptionCancelled'
  | 'SubscriptionExpired'
  | 'SubscriptionPaymentRefunded'
>;

/** The pending request, if any, joins the closed ones. */
const closingPending = (state: SubscriptionState): ReadonlySet<string> =>
  state.pendingRequest
    ? new Set(state.closedRequests).add(state.pendingRequest.requestId)
    : state.closedRequests;

export function evolveSubscription(state: SubscriptionState, event: MembershipEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionRequested': {
      const { requestId, plan, at } = event.data;
      return { ...state, pendingRequest: { requestId, plan, at }, closedRequests: closingPending(state) };
    }
    case 'SubscriptionActivated': {
      const { subscriptionId, plan, provider, periodEnd } = event.data;
      // A paid (re)activation renews: any earlier cancellation of this period no longer applies.
      return {
        ...state,
        current: { subscriptionId, plan, provider, periodEnd, cancelsAt: null },
        pendingRequest: null,
        closedRequests: closingPending(state),
      };
    }
    case 'SubscriptionCancelled':
      if (state.current?.subscriptionId !== event.data.subscriptionId) return state;
      return { ...state, current: { ...state.current, cancelsAt: event.data.effectiveAt } };
    case 'SubscriptionExpired': {
      const ended = new Set(state.ended).add(event.data.subscriptionId);
      const stillCurrent = state.current && state.current.subscriptionId !== event.data.subscriptionId;
      return { ...state, current: stillCurrent ? state.current : null, ended };
    }
    case 'SubscriptionPaymentRefunded':
      return { ...state, ended: new Set(state.ended).add(event.data.subscriptionId) };
    default:
      event satisfies never;
      return state;
  }
}

/**
 * When the membership's Premium ends: the current period's end, or when its cancellation takes
 * effect; null without a current subscription.
 */
export function premiumUntil(state: SubscriptionState): string | null {
  return state.current && (state.current.cancelsAt ?? state.current.periodEnd);
}

/**
 * The one premium rule: Premium strictly before `until`. The write side asks it of the stream's
 * state, the read models of the `premium_until` they keep.
 */
export function isPremiumUntil(until: string | Date | null, now: Date): boolean {
  return until !== null && now.getTime() < new Date(until).getTime();
}

export function isPremium(state: SubscriptionState, now: Date): boolean {
  return isPremiumUntil(premiumUntil(state), now);
}

/**
 * Whether a provider's subscription is, or may still become, the user's membership: the current
 * one, or one answering a request that is not closed (the pending one, or one newer than this
 * state) while nothing else gives Premium. At most one subscription per user stays open: any
 * other is cancelled at the provider, and a payment it took is refunded in full.
 */
export function mayBeMembership(
  state: SubscriptionState,
  subscription: { subscriptionId: string; requestId: string | null },
  now: Date,
): boolean {
  if (state.current?.subscriptionId === subscription.subscriptionId) return true;
  if (subscription.requestId === null || state.closedRequests.has(subscription.requestId)) return false;
  return !isPremium(state, now);
}

/** An activation of a subscription that is not over and can never be the user's membership. */
function refused(state: SubscriptionState, change: ActivatedChange, now: Date): boolean {
  return !state.ended.has(change.subscriptionId) && !mayBeMembership(state, change, now);
}

/**
 * What the provider must do before a report is recorded, so that its records agree with the
 * user stream: a refused subscription is cancelled now, and the payment it took refunded in full.
 * A refusal never turns into an acceptance later (a closed request stays closed), so the provider
 * may act on it before the stream records it.
 */
export function providerCorrection(
  state: SubscriptionState,
  change: SubscriptionChange,
  now: Date,
): { cancel: string; refund: string | null } | null {
  if (change.type !== 'activated' || !refused(state, change, now)) return null;
  return { cancel: change.subscriptionId, refund: change.paymentId };
}

/**
 * The events a provider's change adds to the stream: none when it is already reflected
 * (a duplicate webhook, the webhook after verify-payment), out of date (a late payment notice
 * for a subscription that has since ended), or a renewal of a subscription that is not the
 * current one; a refund when money was taken for a subscription that cannot be the membership.
 */
export function decideSubscriptionChange(
  state: SubscriptionState,
  change: SubscriptionChange,
  now: Date,
): MembershipEvent[] {
  const { current } = state;
  switch (change.type) {
    case 'activated': {
      const { uid, plan, provider, subscriptionId, paymentId } = change;
      if (refused(state, change, now)) {
        if (paymentId === null) return [];
        return [{ type: 'SubscriptionPaymentRefunded', data: { uid, provider, subscriptionId, paymentId } }];
      }
      if (state.ended.has(subscriptionId)) return [];
      const periodEnd = change.periodEnd.toISOString();
      if (current?.subscriptionId === subscriptionId && current.periodEnd >= periodEnd) return [];
      return [
        {
          type: 'SubscriptionActivated',
          data: { uid, plan, provider, subscriptionId, paymentId, periodEnd },
        },
      ];
    }
    case 'cancelled':
      if (current?.subscriptionId !== change.subscriptionId || current.cancelsAt !== null) return [];
      return [
        {
          type: 'SubscriptionCancelled',
          data: {
            uid: change.uid,
            subscriptionId: change.subscriptionId,
            effectiveAt: change.effectiveAt.toISOString(),
          },
        },
      ];
    case 'expired':
      if (current?.subscriptionId !== change.subscriptionId) return [];
      return [
        { type: 'SubscriptionExpired', data: { uid: change.uid, subscriptionId: change.subscriptionId } },
      ];
    default:
      return unknownCommand(change);
  }
}

/**
 * The key that names a change's event, so that every path that reports it (webhook
 * deliveries, verify-payment, the test-mode confirmation) appends the same event id.
 */
export function changeKey(change: SubscriptionChange): string {
  switch (change.type) {
    case 'activated':
      return `activated:${change.subscriptionId}:${change.periodEnd.toISOString()}`;
    case 'cancelled':
      return `cancelled:${change.subscriptionId}:${change.effectiveAt.toISOString()}`;
    case 'expired':
      return `expired:${change.subscriptionId}`;
  }
}
