export type Plan = 'monthly' | 'yearly';

/** Premium pricing, GBP. */
export const PRICES: Record<Plan, number> = { monthly: 4.99, yearly: 47.99 };

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
export const formatGbp = (amount: number) => gbp.format(amount);

/** What a year on the yearly plan saves against twelve monthly payments: 'Save 20%' and 'Save £11.89 yearly'. */
export function yearlySaving() {
  const twelveMonths = Math.round(PRICES.monthly * 12 * 100);
  const saved = twelveMonths - Math.round(PRICES.yearly * 100);
  return {
    percentLabel: `Save ${Math.round((saved / twelveMonths) * 100)}%`,
    amountLabel: `Save ${formatGbp(saved / 100)} yearly`,
  };
}

export const PLAN_OPTIONS: Array<{ plan: Plan; label: string; price: string; period: string }> = [
  { plan: 'monthly', label: 'Monthly', price: formatGbp(PRICES.monthly), period: 'per month' },
  { plan: 'yearly', label: 'Yearly', price: formatGbp(PRICES.yearly), period: 'per year' },
];

/** What Premium includes. */
export const PREMIUM_FEATURES = [
  'Unlimited scans per month',
  'Advanced dietary alerts: nuts, soy, MSG and E-numbers',
  'Enhanced ingredient analysis',
  'Ad-free experience',
  'Priority support',
];
