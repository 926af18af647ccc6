import type { EventOf } from '../events/catalogue';

export type SubscriptionEvent = EventOf<
  'SubscriptionActivated' | 'SubscriptionCancelled' | 'SubscriptionExpired'
>;

/**
 * The premium window a user's subscription events open. SubscriptionActivated makes the user
 * premium until its period end; SubscriptionCancelled keeps them premium until the
 * cancellation takes effect; SubscriptionExpired ends it at once. Events about another
 * subscription than the current one change nothing. The user_profiles read model folds the
 * same events with this function, so both sides agree on who is premium.
 */
export interface PremiumWindow {
  subscriptionId: string | null;
  plan: 'monthly' | 'yearly' | null;
  /** ISO timestamp; premium strictly before it. */
  premiumUntil: string | null;
}

export const noPremium: PremiumWindow = { subscriptionId: null, plan: null, premiumUntil: null };

export function evolvePremium(window: PremiumWindow, event: SubscriptionEvent): PremiumWindow {
  switch (event.type) {
    case 'SubscriptionActivated':
      return {
        subscriptionId: event.data.subscriptionId,
        plan: event.data.plan,
        premiumUntil: event.data.periodEnd,
      };
    case 'SubscriptionCancelled':
      if (window.subscriptionId !== event.data.subscriptionId) return window;
      return { ...window, premiumUntil: event.data.effectiveAt };
    case 'SubscriptionExpired':
      return window.subscriptionId === event.data.subscriptionId ? noPremium : window;
    default:
      event satisfies never;
      return window;
  }
}

export function isPremiumAt(window: Pick<PremiumWindow, 'premiumUntil'>, now: Date): boolean {
  return window.premiumUntil !== null && now.getTime() < Date.parse(window.premiumUntil);
}
