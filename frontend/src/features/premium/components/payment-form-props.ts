/** What both payment forms (Stripe Elements and test mode) need from the page. */
export interface PaymentFormProps {
  clientSecret: string;
  paymentIntentId: string;
  payLabel: string;
  onPaid(paymentIntentId: string): Promise<void>;
  /**
   * `closed`: this payment can no longer be made (a newer upgrade replaced it, it was refunded,
   * or Premium is already on), so the page starts over instead of offering the same form again.
   */
  onFailed(message: string, closed?: boolean): void;
}
