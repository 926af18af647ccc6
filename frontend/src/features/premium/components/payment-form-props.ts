/** What both payment forms (Stripe Elements and test mode) need from the page. */
export interface PaymentFormProps {
  clientSecret: string;
  paymentIntentId: string;
  payLabel: string;
  onPaid(paymentIntentId: string): Promise<void>;
  onFailed(message: string): void;
}
