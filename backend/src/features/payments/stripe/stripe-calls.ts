import Stripe from 'stripe';
import { DomainError } from '@labelwise/domain';

export const unavailable = () =>
  new DomainError(
    'unavailable',
    'PAYMENTS_UNAVAILABLE',
    'The payment service is unavailable. Please try again shortly.',
  );

export const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** A Stripe error that means the work is already done: the call is not repeated. */
export const done =
  (test: (error: InstanceType<typeof Stripe.errors.StripeError>) => boolean) => (error: unknown) => {
    if (error instanceof Stripe.errors.StripeError && test(error)) return;
    throw error;
  };

/** Stripe errors become domain errors: a missing object is ours to 404, anything else is the provider failing. */
export async function calling<T>(
  run: () => Promise<T>,
  missing: () => DomainError = unavailable,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) throw missing();
    throw Object.assign(unavailable(), { cause: error });
  }
}
