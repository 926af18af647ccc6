import type { Plan } from '@labelwise/domain';

/** Premium prices (GBP, in pence) and the length of one billing period. */
export const PLANS: Record<Plan, { amount: number; currency: 'gbp'; months: number }> = {
  monthly: { amount: 499, currency: 'gbp', months: 1 },
  yearly: { amount: 4799, currency: 'gbp', months: 12 },
};

/** `months` calendar months after `from` (UTC); a day the target month lacks becomes its last day, as Stripe bills. */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/**
 * The end of the billing period that contains `now` for a subscription started at `anchor`:
 * periods are counted from the anchor, so renewals do not drift (31 Jan → 28 Feb → 31 Mar).
 */
export function periodEndAfter(anchor: Date, plan: Plan, now: Date): Date {
  const { months } = PLANS[plan];
  let periods = 1;
  while (addMonths(anchor, periods * months) <= now) periods++;
  return addMonths(anchor, periods * months);
}
