/** The payment id is shown truncated to 20 characters. */
export const PAYMENT_ID_SHOWN = 20;

/**
 * What Stripe's return to /premium/success carries: verify only when it says the
 * payment succeeded and names the PaymentIntent; any other case shows the success screen anyway.
 */
export function readPaymentReturn(search: URLSearchParams) {
  const paymentIntentId = search.get('payment_intent');
  return {
    paymentIntentId,
    shouldVerify: search.get('redirect_status') === 'succeeded' && Boolean(paymentIntentId),
    shownPaymentId: paymentIntentId ? paymentIntentId.slice(0, PAYMENT_ID_SHOWN) : null,
  };
}
