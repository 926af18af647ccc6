import type Stripe from 'stripe';
import { notFound } from '@labelwise/domain';
import type { PaymentCheck } from '../port';
import { customerIdOf, type PaymentDb } from '../tables';
import { calling, done, idOf, unavailable } from './stripe-calls';
import { activationFromInvoice } from './stripe-events';

const paymentNotFound = () => notFound('PAYMENT_NOT_FOUND', 'No such payment.');

/** A payment as `POST /api/verify-payment` sees it; only the user's own customer's payments are found. */
export async function checkStripePayment(
  stripe: Stripe,
  db: PaymentDb,
  uid: string,
  paymentIntentId: string,
): Promise<PaymentCheck> {
  const customer = await customerIdOf(db, uid);
  if (!customer) throw paymentNotFound();
  const intent = await calling(
    () => stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }),
    paymentNotFound,
  );
  if (!intent.customer || idOf(intent.customer) !== customer) throw paymentNotFound();

  switch (intent.status) {
    case 'succeeded':
      return succeededPayment(stripe, intent);
    case 'canceled':
      return { status: 'failed', message: 'The payment was cancelled.' };
    case 'requires_payment_method':
      return intent.last_payment_error?.message
        ? { status: 'failed', message: intent.last_payment_error.message }
        : { status: 'pending' };
    default:
      return { status: 'pending' };
  }
}

/** A succeeded payment with the activation of the invoice it paid, and whether it was refunded. */
async function succeededPayment(stripe: Stripe, intent: Stripe.PaymentIntent): Promise<PaymentCheck> {
  const payments = await calling(() =>
    stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: intent.id },
      expand: ['data.invoice'],
      limit: 1,
    }),
  );
  const invoice = payments.data[0]?.invoice;
  const paid = invoice && typeof invoice === 'object' && !('deleted' in invoice) ? invoice : null;
  const charge = intent.latest_charge;
  return {
    status: 'succeeded',
    activation: paid ? activationFromInvoice(paid) : null,
    refunded: typeof charge === 'object' && charge !== null && charge.amount_refunded > 0,
  };
}

/** Refunds the payment of a paid invoice in full, once. */
export async function refundStripeInvoice(stripe: Stripe, invoiceId: string): Promise<void> {
  const payments = await calling(() =>
    stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 }),
  );
  const intent = payments.data[0]?.payment.payment_intent;
  if (!intent) throw unavailable();
  // The key makes concurrent and repeated reports refund once; after Stripe forgets it (24 h),
  // Stripe itself refuses to refund a charge twice.
  await calling(() =>
    stripe.refunds
      .create(
        { payment_intent: idOf(intent), reason: 'duplicate', metadata: { invoice: invoiceId } },
        { idempotencyKey: `labelwise-refund-${invoiceId}` },
      )
      .then(
        () => undefined,
        done((error) => error.code === 'charge_already_refunded'),
      ),
  );
}
