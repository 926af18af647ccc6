import { Button, Stack } from '@chakra-ui/react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import type { PaymentFormProps } from './payment-form-props';

const stripeByKey = new Map<string, Promise<Stripe | null>>();
/** Stripe.js is loaded once per publishable key. */
const stripeFor = (publishableKey: string) => {
  if (!stripeByKey.has(publishableKey)) stripeByKey.set(publishableKey, loadStripe(publishableKey));
  return stripeByKey.get(publishableKey)!;
};

function ConfirmForm({
  payLabel,
  onPaid,
  onFailed,
}: Omit<PaymentFormProps, 'clientSecret' | 'paymentIntentId'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    try {
      // Cards finish here; methods that leave the page come back to /premium/success.
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/premium/success` },
        redirect: 'if_required',
      });
      // A PaymentIntent that is no longer payable (its subscription was replaced): start over.
      if (error)
        onFailed(
          error.message ?? 'Your payment could not be completed.',
          error.code === 'payment_intent_unexpected_state',
        );
      else if (paymentIntent) await onPaid(paymentIntent.id);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <Stack as="form" gap="4" onSubmit={submit} aria-label="Payment">
      <PaymentElement />
      <Button type="submit" colorPalette="green" size="lg" disabled={!stripe || processing}>
        {processing ? 'Processing...' : payLabel}
      </Button>
    </Stack>
  );
}

/** Stripe Elements for the subscription's first payment (its own chunk: only Stripe mode loads it). */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  ...props
}: PaymentFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <ConfirmForm {...props} />
    </Elements>
  );
}
