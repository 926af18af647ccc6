import { Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { RuntimeConfig } from '../../../shared/api/runtime-config';
import type { PendingPayment } from '../api/create-subscription';
import type { PaymentFormProps } from './payment-form-props';
import { TestPaymentForm } from './test-payment-form';

const StripePaymentForm = lazy(async () => ({
  default: (await import('./stripe-payment-form')).StripePaymentForm,
}));

interface CheckoutProps extends Omit<PaymentFormProps, 'clientSecret' | 'paymentIntentId'> {
  pending: PendingPayment;
  payments: RuntimeConfig['payments'];
  onChangePlan(): void;
}

/** The payment form for a started subscription: Stripe Elements in Stripe mode, else the test-mode card form. */
export function Checkout({ pending, payments, onChangePlan, ...props }: CheckoutProps) {
  const formProps = {
    ...props,
    clientSecret: pending.clientSecret,
    paymentIntentId: pending.paymentIntentId,
  };
  return (
    <Box borderWidth="1px" borderRadius="lg" padding={{ base: '4', md: '6' }}>
      <Stack gap="4">
        <Heading as="h2" size="md">
          Payment details
        </Heading>
        {pending.mode === 'test' ? (
          <TestPaymentForm {...formProps} />
        ) : payments.publishableKey ? (
          <Suspense fallback={<Spinner color="green.fg" role="status" aria-label="Loading payment form" />}>
            <StripePaymentForm publishableKey={payments.publishableKey} {...formProps} />
          </Suspense>
        ) : (
          <Text color="red.fg">Card payments are not available right now. Please try again later.</Text>
        )}
        <Button variant="ghost" size="sm" alignSelf="start" onClick={onChangePlan}>
          Change plan
        </Button>
      </Stack>
    </Box>
  );
}
