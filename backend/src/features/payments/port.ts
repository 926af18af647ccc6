import type { Plan } from '@labelwise/domain';

export type PaymentMode = 'stripe' | 'test';

/**
 * What a provider tells us happened to a subscription. The provider is the source of truth;
 * each change becomes at most one event on the `user-{uid}` stream (see record-change.ts).
 */
export type SubscriptionChange =
  | {
      type: 'activated';
      uid: string;
      plan: Plan;
      provider: PaymentMode;
      subscriptionId: string;
      /** The provider's reference for the payment (Stripe invoice id, test-mode PaymentIntent id); null for a free renewal. */
      paymentId: string | null;
      periodEnd: Date;
    }
  | { type: 'cancelled'; uid: string; subscriptionId: string; effectiveAt: Date }
  | { type: 'expired'; uid: string; subscriptionId: string };

export type ActivatedChange = Extract<SubscriptionChange, { type: 'activated' }>;

/** A new subscription whose first invoice waits for the browser to pay it. */
export interface PendingSubscription {
  subscriptionId: string;
  paymentIntentId: string;
  clientSecret: string;
}

/** The provider's view of one payment, for `POST /api/verify-payment`. */
export type PaymentCheck =
  | { status: 'succeeded'; activation: ActivatedChange | null }
  | { status: 'pending' }
  | { status: 'failed'; message: string };

export interface PaymentProvider {
  readonly mode: PaymentMode;
  /** Creates (or reuses) the customer and a subscription on `plan` with an unpaid first invoice. */
  createSubscription(
    customer: { uid: string; email: string | null },
    plan: Plan,
  ): Promise<PendingSubscription>;
  /** Looks a payment up; throws not_found when it is not this user's. */
  checkPayment(uid: string, paymentIntentId: string): Promise<PaymentCheck>;
  /** Stops renewal: the subscription stays active until its period end. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /**
   * Renewals and expiries that fell due by `now` and that the provider does not announce by
   * itself (Stripe does, by webhook: none). Limited to one user when `uid` is given.
   */
  dueChanges(now: Date, uid?: string): Promise<DueChange[]>;
}

/** A change that fell due; `settle` marks it done at the provider once it has been recorded. */
export interface DueChange {
  change: SubscriptionChange;
  settle(): Promise<void>;
}
