import { randomUUID } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { z } from 'zod';
import {
  conflict,
  invalid,
  planSchema,
  streams,
  type PaymentVerificationResponse,
  type PendingPaymentResponse,
  type SubscriptionResponse,
  ALREADY_PREMIUM_MESSAGE,
  userDecider,
  isPremium,
  mayBeMembership,
  type SubscriptionState,
} from '@labelwise/domain';
import type { ProjectionName } from '@labelwise/projections';
import { runCommand } from '../../commands/run-command';
import { parseInput } from '../../http/validate';
import type { AppContext } from '../../http/context';
import type { PaymentProvider, SubscriptionChange } from './port';
import { cancelUnwanted, loadSubscription, settleDueChanges, settleReport } from './record-change';
import type { StripePaymentProvider } from './stripe/stripe-provider';
import type { TestPaymentProvider } from './test-mode/test-provider';

/** Read models whose `isPremium` must show a subscription change before the command answers. */
export const PREMIUM_READ_MODELS: readonly ProjectionName[] = ['user_profiles'];

/** What the page shows when a payment went through for a subscription the user cannot keep. */
export const REFUNDED_PAYMENT_MESSAGE =
  'This upgrade was replaced by another one, so its payment has been refunded in full.';

const createSchema = z.strictObject({ plan: planSchema });
const verifySchema = z.strictObject({
  paymentIntentId: z.string().regex(/^pi_\w{1,200}$/, 'must be a PaymentIntent id'),
});
const confirmSchema = z.strictObject({
  clientSecret: z.string().min(1).max(300),
  cardNumber: z.string().max(30),
  expiry: z.string().max(10),
  cvc: z.string().max(6),
});

const uidOf = (req: Request) => req.user!.uid;

export function subscriptionView(
  mode: PaymentProvider['mode'],
  state: SubscriptionState,
  now: Date,
): SubscriptionResponse {
  const { current } = state;
  const premium = isPremium(state, now);
  return {
    mode,
    isPremium: premium,
    subscription:
      current && premium
        ? {
            plan: current.plan,
            provider: current.provider,
            status: current.cancelsAt ? ('cancelled' as const) : ('active' as const),
            periodEnd: current.periodEnd,
            cancelAtPeriodEnd: current.cancelsAt !== null,
          }
        : null,
  };
}

/**
 * Premium: `POST /create-subscription`, `POST /verify-payment`, `GET /subscription`,
 * `POST /subscription/cancel`, plus the provider's own entry point — Stripe's signed
 * `POST /webhooks/stripe`, or test mode's `POST /test-payments/confirm`.
 */
export function createPaymentsRouter(
  ctx: AppContext,
  provider: StripePaymentProvider | TestPaymentProvider,
): Router {
  const router = Router();
  const signedIn = ctx.authz.requireUser();

  /** A provider's report, settled (see settleReport); the member's read models show it before the answer. */
  function report(change: SubscriptionChange, actor: string | null, correlationId?: string) {
    return settleReport(ctx, provider, change, { actor, correlationId, readModels: PREMIUM_READ_MODELS });
  }

  /** Test mode renews and ends subscriptions itself: settle what is due for this user before answering. */
  const settleDue = (uid: string) =>
    settleDueChanges(ctx, provider, { uid, readModels: PREMIUM_READ_MODELS });

  async function currentState(uid: string) {
    await settleDue(uid);
    return loadSubscription(ctx, uid);
  }

  router.get('/subscription', signedIn, async (req, res) => {
    res.json(subscriptionView(provider.mode, await currentState(uidOf(req)), ctx.clock()));
  });

  router.post('/create-subscription', signedIn, async (req, res) => {
    const { plan } = parseInput(createSchema, req.body);
    const uid = uidOf(req);
    await settleDue(uid);
    // The user stream serialises requests (refusing a member): concurrent calls for one plan share
    // one; a call for the other plan replaces it.
    const { state } = await runCommand(ctx, {
      decider: userDecider,
      stream: streams.user(uid),
      command: { type: 'RequestSubscription', uid, plan, requestId: randomUUID(), now: ctx.clock() },
      actor: uid,
      readModels: [],
      maxRetries: 10,
    });
    const request = state.subscription.pendingRequest!;
    // What a replaced request opened can no longer be paid before a new secret is handed out.
    await cancelUnwanted(ctx, provider, uid, state.subscription);
    const pending = await provider.createSubscription(
      { uid, email: req.user!.email },
      request.plan,
      request.requestId,
    );
    // A newer request may have replaced this one meanwhile: then its secret is not handed out.
    const opened = { subscriptionId: pending.subscriptionId, requestId: request.requestId };
    if (!mayBeMembership(await loadSubscription(ctx, uid), opened, ctx.clock())) {
      await provider.cancelNow(pending.subscriptionId);
      throw conflict(
        'SUBSCRIPTION_REPLACED',
        'A newer upgrade was started while this one was being prepared.',
      );
    }
    res.json({
      clientSecret: pending.clientSecret,
      paymentIntentId: pending.paymentIntentId,
      mode: provider.mode,
    } satisfies PendingPaymentResponse);
  });

  router.post('/verify-payment', signedIn, async (req, res) => {
    const { paymentIntentId } = parseInput(verifySchema, req.body);
    const uid = uidOf(req);
    const check = await provider.checkPayment(uid, paymentIntentId);
    // The webhook may not have arrived yet: record the activation now; it is the same event either way.
    const reported =
      check.status === 'succeeded' && check.activation ? await report(check.activation, uid) : null;
    const state = reported?.state ?? (await currentState(uid));
    const premium = isPremium(state, ctx.clock());
    const refunded = check.status === 'succeeded' && (check.refunded || reported?.refunded === true);
    res.json(
      (refunded
        ? { status: 'refunded', isPremium: premium, message: REFUNDED_PAYMENT_MESSAGE }
        : {
            status: check.status === 'succeeded' ? 'active' : check.status,
            isPremium: premium,
          }) satisfies PaymentVerificationResponse,
    );
  });

  router.post('/subscription/cancel', signedIn, async (req, res) => {
    const uid = uidOf(req);
    let state = await currentState(uid);
    const { current } = state;
    if (!current || !isPremium(state, ctx.clock()))
      throw conflict('NO_SUBSCRIPTION', 'You have no active subscription to cancel.');
    if (!current.cancelsAt) {
      if (current.provider === provider.mode) await provider.cancelAtPeriodEnd(current.subscriptionId);
      const { subscriptionId, periodEnd } = current;
      const cancelled = { type: 'cancelled', uid, subscriptionId, effectiveAt: new Date(periodEnd) } as const;
      state = (await report(cancelled, uid)).state;
    }
    // Nothing else of the user's renews either.
    await cancelUnwanted(ctx, provider, uid, state);
    res.json(subscriptionView(provider.mode, state, ctx.clock()));
  });

  if (provider.mode === 'stripe') {
    router.post(
      '/webhooks/stripe',
      express.raw({ type: 'application/json', limit: '1mb' }),
      async (req, res) => {
        const signature = req.get('stripe-signature');
        let webhook: ReturnType<StripePaymentProvider['readWebhook']>;
        try {
          if (!signature || !Buffer.isBuffer(req.body)) throw new Error('unsigned');
          webhook = provider.readWebhook(req.body, signature);
        } catch {
          throw invalid('INVALID_SIGNATURE', 'Webhook signature verification failed.');
        }
        if (webhook.change)
          await settleReport(ctx, provider, webhook.change, { actor: null, correlationId: webhook.eventId });
        res.json({ received: true });
      },
    );
  } else {
    router.post('/test-payments/confirm', signedIn, async (req, res) => {
      const { clientSecret, ...card } = parseInput(confirmSchema, req.body);
      const uid = uidOf(req);
      if (isPremium(await currentState(uid), ctx.clock()))
        throw conflict('ALREADY_PREMIUM', ALREADY_PREMIUM_MESSAGE);
      const result = await provider.confirmPayment(uid, clientSecret, card, ctx.clock());
      if (!result.ok) {
        const error = result.kind === 'declined' ? 'CARD_DECLINED' : 'INVALID_CARD';
        return void res
          .status(result.kind === 'declined' ? 402 : 400)
          .json({ error, message: result.message, details: { code: result.code } });
      }
      const { state, refunded } = await report(result.activation, uid);
      if (refunded) throw conflict('PAYMENT_REFUNDED', REFUNDED_PAYMENT_MESSAGE);
      res.json({
        status: 'succeeded',
        paymentIntentId: result.activation.paymentId,
        isPremium: isPremium(state, ctx.clock()),
      });
    });
  }

  return router;
}
