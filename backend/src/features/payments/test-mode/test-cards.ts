/**
 * Card rules of the local test-mode provider: the numbers and messages Stripe documents for
 * test mode (https://docs.stripe.com/testing), so every branch of the payment flow can be tried.
 */
export type CardOutcome =
  | { ok: true; brand: string; last4: string }
  | { ok: false; kind: 'invalid' | 'declined'; code: string; message: string };

export interface CardInput {
  cardNumber: string;
  /** 'MM/YY', 'MM / YY' or 'MM/YYYY'. */
  expiry: string;
  cvc: string;
}

const SUCCEEDING: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '378282246310005': 'amex',
};

const DECLINING: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: 'Your card was declined.' },
  '4000000000009979': { code: 'stolen_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

const NOT_A_TEST_CARD =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const invalid = (code: string, message: string): CardOutcome => ({
  ok: false,
  kind: 'invalid',
  code,
  message,
});

/** Validates the card like Stripe would, then charges it by the test-card table. */
export function chargeTestCard(card: CardInput, now: Date): CardOutcome {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits))
    return invalid('invalid_number', 'Your card number is invalid.');

  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  if (!expiry) return invalid('invalid_expiry_month', "Your card's expiration date is incomplete.");
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12)
    return invalid('invalid_expiry_month', "Your card's expiration month is invalid.");
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return invalid('invalid_expiry_year', "Your card's expiration year is in the past.");
  if (year === thisYear && month < now.getUTCMonth() + 1)
    return invalid('invalid_expiry_month', "Your card's expiration date is in the past.");

  const brand = SUCCEEDING[digits];
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim()))
    return invalid('invalid_cvc', "Your card's security code is invalid.");

  if (brand) return { ok: true, brand, last4: digits.slice(-4) };
  const decline = DECLINING[digits] ?? { code: 'card_declined', message: NOT_A_TEST_CARD };
  return { ok: false, kind: 'declined', ...decline };
}
