import { EnvError } from '../../config/env';
import type { AppContext, Feature } from '../../http/context';
import { settleDueChanges } from './record-change';
import { createPaymentsRouter } from './routes';
import { createStripeProvider, type StripePaymentProvider } from './stripe/stripe-provider';
import { paymentDb } from './tables';
import { createTestPaymentProvider, type TestPaymentProvider } from './test-mode/test-provider';

/** How often test mode looks for subscriptions whose period ended (renewal or expiry). */
export const DUE_SWEEP_MS = 60_000;

/** Stripe when `STRIPE_SECRET_KEY` is set (then the webhook secret and both prices are required), else test mode. */
export function createPaymentProvider(ctx: AppContext): StripePaymentProvider | TestPaymentProvider {
  const db = paymentDb(ctx.db);
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY } = ctx.env;
  if (!STRIPE_SECRET_KEY) return createTestPaymentProvider(db);
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
    db,
  );
}

export const paymentsFeature: Feature = (ctx) => {
  const provider = createPaymentProvider(ctx);
  if (provider.mode === 'test') {
    // Also settled per user on every payments call; the sweep covers users who make none.
    setInterval(() => {
      settleDueChanges(ctx, provider).catch((error: unknown) =>
        ctx.logger.warn({ err: error }, 'payments: due-change sweep failed'),
      );
    }, DUE_SWEEP_MS).unref();
  }
  return createPaymentsRouter(ctx, provider);
};
