import { unknownCommand } from '../decider';
import type { EventData } from '../events/catalogue';
import type { Plan } from '../events/user-events';
import type { SubscriptionEvent } from './premium';

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

/** The subscription part of a user's stream: premium while `current` is set. */
export interface SubscriptionState {
  current: CurrentSubscription | null;
  ended: ReadonlySet<string>;
}

export const noSubscription: SubscriptionState = { current: null, ended: new Set() };

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionActivated': {
      const { subscriptionId, plan, provider, periodEnd } = event.data;
      // A paid (re)activation renews: any earlier cancellation of this period no longer applies.
      return { ...state, current: { subscriptionId, plan, provider, periodEnd, cancelsAt: null } };
    }
    case 'SubscriptionCancelled':
      if (state.current?.subscriptionId !== event.data.subscriptionId) return state;
      return { ...state, current: { ...state.current, cancelsAt: event.data.effectiveAt } };
    case 'SubscriptionExpired': {
      const ended = new Set(state.ended).add(event.data.subscriptionId);
      const stillCurrent = state.current && state.current.subscriptionId !== event.data.subscriptionId;
      return { current: stillCurrent ? state.current : null, ended };
    }
    default:
      event satisfies never;
      return state;
  }
}

/**
 * Premium strictly before the current period ends, or before a cancellation takes effect: the
 * same window the user read models fold from these events (premium.ts).
 */
export function isPremium(state: SubscriptionState, now: Date): boolean {
  const until = state.current && (state.current.cancelsAt ?? state.current.periodEnd);
  return until !== null && now.getTime() < Date.parse(until);
}

/**
 * The events a provider's change adds to the stream: none when it is already reflected
 * (a duplicate webhook, the webhook after verify-payment) or out of date (a late
 * payment notice for a subscription that has since ended).
 */
export function decideSubscriptionChange(
  state: SubscriptionState,
  change: SubscriptionChange,
  now: Date,
): SubscriptionEvent[] {
  const { current } = state;
  switch (change.type) {
    case 'activated': {
      if (state.ended.has(change.subscriptionId)) return [];
      // At most one open subscription: another may not start while the current one gives Premium
      // and renews (its owner would pay twice, and cancelling one would leave the other running).
      const open = current !== null && current.cancelsAt === null && isPremium(state, now);
      if (open && current.subscriptionId !== change.subscriptionId) return [];
      const periodEnd = change.periodEnd.toISOString();
      if (current?.subscriptionId === change.subscriptionId && current.periodEnd >= periodEnd) return [];
      const { uid, plan, provider, subscriptionId, paymentId } = change;
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
