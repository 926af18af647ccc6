import type { Plan, ActivatedChange, PaymentProviderName, SubscriptionChange } from '@labelwise/domain';

export type PaymentMode = PaymentProviderName;

/**
 * What a provider tells us happened to a subscription (the user aggregate's
 * RecordSubscriptionChange decides what it adds to `user-{uid}`; see record-change.ts).
 */
export type { ActivatedChange, SubscriptionChange } from '@labelwise/domain';

/** A new subscription whose first invoice waits for the browser to pay it. */
export interface PendingSubscription {
  subscriptionId: string;
  paymentIntentId: string;
  clientSecret: string;
}

/** The provider's view of one payment, for `POST /api/verify-payment`. */
export type PaymentCheck =
  | { status: 'succeeded'; activation: ActivatedChange | null; refunded: boolean }
  | { status: 'pending' }
  | { status: 'failed'; message: string };

export interface PaymentProvider {
  readonly mode: PaymentMode;
  /**
   * Creates (or reuses) the customer and a subscription on `plan` with an unpaid first invoice.
   * Idempotent by `requestId` (the user stream's membership request): the same request always
   * answers the same subscription.
   */
  createSubscription(
    customer: { uid: string; email: string | null },
    plan: Plan,
    requestId: string,
  ): Promise<PendingSubscription>;
  /** Looks a payment up; throws not_found when it is not this user's. */
  checkPayment(uid: string, paymentIntentId: string): Promise<PaymentCheck>;
  /** Stops renewal: the subscription stays active until its period end. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /**
   * Ends a subscription now; an unpaid first payment can no longer be made. Idempotent (ending
   * an ended subscription does nothing).
   */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Refunds a payment (a change's `paymentId`) in full. Idempotent: a payment is refunded once. */
  refundInFull(paymentId: string): Promise<void>;
  /** The user's subscriptions the provider may still bill: waiting for their first payment, or running. */
  openSubscriptions(uid: string): Promise<OpenSubscription[]>;
  /**
   * Renewals and expiries that fell due by `now` and that the provider does not announce by
   * itself (Stripe does, by webhook: none). Limited to one user when `uid` is given.
   */
  dueChanges(now: Date, uid?: string): Promise<DueChange[]>;
}

export interface OpenSubscription {
  subscriptionId: string;
  /** The membership request it was created for (null for one created without). */
  requestId: string | null;
}

/** A change that fell due; `settle` marks it done at the provider once it has been recorded. */
export interface DueChange {
  change: SubscriptionChange;
  settle(): Promise<void>;
}
