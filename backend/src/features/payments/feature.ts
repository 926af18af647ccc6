import { EnvError } from '../../config/env';
import type { AppContext, Feature } from '../../http/context';
import { recordChange } from './record-change';
import { createPaymentsRouter } from './routes';
import { createStripeProvider, type StripePaymentProvider } from './stripe/stripe-provider';
import { paymentTables } from './tables';
import { createTestPaymentProvider, type TestPaymentProvider } from './test-mode/test-provider';

/** How often test mode looks for subscriptions whose period ended (renewal or expiry). */
export const DUE_SWEEP_MS = 60_000;

/** Stripe when `STRIPE_SECRET_KEY` is set (then the webhook secret and both prices are required), else test mode. */
export function createPaymentProvider(ctx: AppContext): StripePaymentProvider | TestPaymentProvider {
  const tables = paymentTables(ctx.db);
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY } = ctx.env;
  if (!STRIPE_SECRET_KEY) return createTestPaymentProvider(tables);
  const missing = Object.entries({ STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length) throw new EnvError(`${missing.join(', ')}: required when STRIPE_SECRET_KEY is set`);
  return createStripeProvider(
    {
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET!,
      prices: { monthly: STRIPE_PRICE_MONTHLY!, yearly: STRIPE_PRICE_YEARLY! },
    },
    tables,
  );
}

/**
 * Settles every subscription change that fell due (test mode's renewals and expiries).
 * Recording comes first and is idempotent, so a crash before `settle` only repeats a no-op.
 */
export async function sweepDueChanges(
  ctx: AppContext,
  provider: StripePaymentProvider | TestPaymentProvider,
): Promise<number> {
  const due = await provider.dueChanges(ctx.clock());
  for (const { change, settle } of due) {
    await recordChange(ctx, change, { actor: null });
    await settle();
  }
  return due.length;
}

export const paymentsFeature: Feature = (ctx) => {
  const provider = createPaymentProvider(ctx);
  if (provider.mode === 'test') {
    // Also settled per user on every payments call; the sweep covers users who make none.
    setInterval(() => {
      sweepDueChanges(ctx, provider).catch((error: unknown) =>
        ctx.logger.warn({ err: error }, 'payments: due-change sweep failed'),
      );
    }, DUE_SWEEP_MS).unref();
  }
  return createPaymentsRouter(ctx, provider);
};
