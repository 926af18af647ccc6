import { describe, expect, it } from 'vitest';
import { readPaymentReturn } from './payment-return';

describe('readPaymentReturn', () => {
  it('verifies a succeeded redirect and shows the first 20 characters of the payment id', () => {
    const result = readPaymentReturn(
      new URLSearchParams('payment_intent=pi_3PqRsTuVwXyZ0123456789&redirect_status=succeeded'),
    );
    expect(result).toEqual({
      paymentIntentId: 'pi_3PqRsTuVwXyZ0123456789',
      shouldVerify: true,
      shownPaymentId: 'pi_3PqRsTuVwXyZ01234',
    });
    expect(result.shownPaymentId).toHaveLength(20);
  });

  it('does not verify other outcomes or a missing payment id', () => {
    expect(
      readPaymentReturn(new URLSearchParams('payment_intent=pi_1&redirect_status=processing')).shouldVerify,
    ).toBe(false);
    expect(readPaymentReturn(new URLSearchParams('redirect_status=succeeded'))).toEqual({
      paymentIntentId: null,
      shouldVerify: false,
      shownPaymentId: null,
    });
  });
});
