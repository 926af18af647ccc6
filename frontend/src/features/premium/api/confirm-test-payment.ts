import { sendJson } from '../../../shared/api/http-client';

export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** Test mode's stand-in for Stripe.js `confirmPayment`: pays the PaymentIntent behind `clientSecret` with a test card. */
export const confirmTestPayment = (clientSecret: string, card: TestCard) =>
  sendJson('POST', '/api/test-payments/confirm', { clientSecret, ...card });
