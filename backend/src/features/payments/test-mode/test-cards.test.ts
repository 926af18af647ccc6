import { describe, expect, it } from 'vitest';
import { chargeTestCard } from './test-cards';

const now = new Date('2026-05-10T00:00:00Z');
const card = (cardNumber: string, expiry = '12/34', cvc = '123') =>
  chargeTestCard({ cardNumber, expiry, cvc }, now);

describe('test-mode cards', () => {
  it('charges 4242 4242 4242 4242, with or without spaces', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, brand: 'visa', last4: '4242' });
    expect(card('4242424242424242', '12 / 2034')).toMatchObject({ ok: true });
  });

  it("declines Stripe's decline cards with Stripe's messages", () => {
    expect(card('4000 0000 0000 0002')).toEqual({
      ok: false,
      kind: 'declined',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(card('4000 0000 0000 9995')).toMatchObject({
      kind: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(card('4000 0000 0000 0069')).toMatchObject({
      kind: 'declined',
      message: 'Your card has expired.',
    });
  });

  it('declines a real (non-test) card number', () => {
    expect(card('4111 1111 1111 1111')).toMatchObject({ kind: 'declined', code: 'card_declined' });
  });

  it('rejects malformed details before charging', () => {
    expect(card('4242 4242 4242 4241')).toMatchObject({
      kind: 'invalid',
      message: 'Your card number is invalid.',
    });
    expect(card('4242424242424242', '13/30')).toMatchObject({
      kind: 'invalid',
      message: "Your card's expiration month is invalid.",
    });
    expect(card('4242424242424242', '04/26')).toMatchObject({
      kind: 'invalid',
      message: "Your card's expiration date is in the past.",
    });
    expect(card('4242424242424242', '12/25')).toMatchObject({
      kind: 'invalid',
      message: "Your card's expiration year is in the past.",
    });
    expect(card('4242424242424242', '05/26')).toMatchObject({ ok: true });
    expect(card('4242424242424242', '12/34', '12')).toMatchObject({
      kind: 'invalid',
      message: "Your card's security code is invalid.",
    });
    expect(card('378282246310005', '12/34', '123')).toMatchObject({ kind: 'invalid', code: 'invalid_cvc' });
    expect(card('378282246310005', '12/34', '1234')).toMatchObject({ ok: true, brand: 'amex' });
  });
});
