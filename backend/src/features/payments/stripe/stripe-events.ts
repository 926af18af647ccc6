import type Stripe from 'stripe';
import { z } from 'zod';
import { planSchema } from '@labelwise/domain';
import type { ActivatedChange, SubscriptionChange } from '../port';
import { idOf } from './stripe-calls';

/**
 * What we put on every subscription we create, so invoices and webhooks say whose it is and
 * which membership request it answers (absent on subscriptions created before it was put there).
 */
export const ownerSchema = z.object({
  uid: z.string().min(1),
  plan: planSchema,
  requestId: z.string().optional(),
});

/** The SubscriptionActivated a paid subscription invoice stands for (webhook and verify-payment alike). */
export function activationFromInvoice(invoice: Stripe.Invoice): ActivatedChange | null {
  const details = invoice.parent?.subscription_details;
  const owner = ownerSchema.safeParse(details?.metadata ?? {});
  if (!details || !owner.success || !invoice.id) return null;
  const periodEnd = Math.max(...invoice.lines.data.map((line) => line.period.end));
  if (!Number.isFinite(periodEnd)) return null;
  return {
    type: 'activated',
    uid: owner.data.uid,
    plan: owner.data.plan,
    provider: 'stripe',
    subscriptionId: idOf(details.subscription),
    requestId: owner.data.requestId ?? null,
    paymentId: invoice.id,
    periodEnd: new Date(periodEnd * 1000),
  };
}

function periodEndOf(subscription: Stripe.Subscription): Date {
  return new Date(Math.max(...subscription.items.data.map((item) => item.current_period_end)) * 1000);
}

/** What a verified webhook event means for a subscription (null: nothing we record). */
export function changeFromEvent(event: Stripe.Event): SubscriptionChange | null {
  switch (event.type) {
    case 'invoice.paid':
      return activationFromInvoice(event.data.object);
    case 'customer.subscription.updated':
      return changeFromUpdate(event);
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const owner = ownerSchema.safeParse(subscription.metadata);
      if (!owner.success) return null;
      return { type: 'expired', uid: owner.data.uid, subscriptionId: subscription.id };
    }
    default:
      return null;
  }
}

/** An updated subscription: a pending cancellation, or a renewal into its next period. */
function changeFromUpdate(event: Stripe.CustomerSubscriptionUpdatedEvent): SubscriptionChange | null {
  const subscription = event.data.object;
  const owner = ownerSchema.safeParse(subscription.metadata);
  if (!owner.success) return null;
  const { uid, plan, requestId = null } = owner.data;
  if (subscription.cancel_at_period_end) {
    return {
      type: 'cancelled',
      uid,
      subscriptionId: subscription.id,
      effectiveAt: periodEndOf(subscription),
    };
  }
  // Renewal: Stripe moves an active subscription into its next period before the renewal
  // invoice is paid; access continues meanwhile (a renewal that finally fails ends in
  // customer.subscription.deleted). The first activation is left to invoice.paid.
  if (subscription.status !== 'active' || event.data.previous_attributes?.status === 'incomplete')
    return null;
  return {
    type: 'activated',
    uid,
    plan,
    provider: 'stripe',
    subscriptionId: subscription.id,
    requestId,
    paymentId: null,
    periodEnd: periodEndOf(subscription),
  };
}
