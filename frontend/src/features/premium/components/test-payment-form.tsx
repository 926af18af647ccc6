import { Alert, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { ApiError, serverMessage } from '../../../shared/api/api-error';
import { confirmTestPayment } from '../api/confirm-test-payment';
import type { PaymentFormProps } from './payment-form-props';

/** The test confirmation's refusals after which this payment can no longer be made. */
const CLOSED_PAYMENT_ERRORS = new Set(['PAYMENT_CANCELLED', 'PAYMENT_REFUNDED', 'ALREADY_PREMIUM']);

/** Test mode's card form: the server's local provider takes the place of Stripe. */
export function TestPaymentForm({
  clientSecret,
  paymentIntentId,
  payLabel,
  onPaid,
  onFailed,
}: PaymentFormProps) {
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProcessing(true);
    try {
      await confirmTestPayment(clientSecret, card);
      await onPaid(paymentIntentId);
    } catch (error) {
      onFailed(
        serverMessage(error, 'Your payment could not be completed. Please try again.'),
        error instanceof ApiError && CLOSED_PAYMENT_ERRORS.has(error.code ?? ''),
      );
    } finally {
      setProcessing(false);
    }
  };

  const field = (name: keyof typeof card) => ({
    value: card[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setCard((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <Stack as="form" gap="4" onSubmit={submit} aria-label="Test payment">
      <Alert.Root status="warning" borderRadius="md">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Test mode — no real payment is taken</Alert.Title>
          <Alert.Description>
            Use 4242 4242 4242 4242 with any future expiry date and any CVC. 4000 0000 0000 0002 is declined.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Field.Root required>
        <Field.Label>Card number</Field.Label>
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={23}
          {...field('cardNumber')}
        />
      </Field.Root>
      <HStack gap="4" align="start">
        <Field.Root required>
          <Field.Label>Expiry</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            {...field('expiry')}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>CVC</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            {...field('cvc')}
          />
        </Field.Root>
      </HStack>
      <Button type="submit" colorPalette="green" size="lg" disabled={processing}>
        {processing ? 'Processing...' : payLabel}
      </Button>
    </Stack>
  );
}
