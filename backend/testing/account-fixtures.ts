import { inject } from 'vitest';
import { streams, type DomainEvent, type Rating } from '@labelwise/domain';
import type { AppContext } from '../src/http/context';
import { caughtUp } from './catalogue-fixtures';
import { oobCodes, signIn, type TestUser } from './emulator-users';

const metadata = () => ({
  actor: null,
  correlationId: 'test',
  causationId: null,
  at: new Date().toISOString(),
});

/**
 * A product recorded straight into the store (as the catalogue's POST /api/products would),
 * visible in product_cards when this resolves.
 */
export async function createProduct(
  ctx: AppContext,
  fields: { name?: string; brand?: string; rating?: Rating } = {},
): Promise<number> {
  const productId = await ctx.allocateId('product');
  const rating = fields.rating ?? 'green';
  const { position } = await ctx.store.append(
    streams.product(productId),
    [
      {
        type: 'ProductCreated',
        data: {
          productId,
          name: fields.name ?? `Test product ${productId}`,
          brand: fields.brand ?? 'Test Brand',
          barcode: `TEST_${productId}`,
          ingredients: 'oats, water',
          description: '',
          weight: '',
          rating,
          analysis: {
            rating,
            processingLevel: 'minimal',
            additiveCount: 0,
            isProcessed: false,
            isUltraProcessed: false,
            concerns: [],
          },
          createdBy: null,
          source: 'admin',
        },
        metadata: metadata(),
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  await caughtUp({ ctx }, ['product_cards'], position);
  return productId;
}

/** Appends events about a user directly (the future payment flow and admin console do this) and waits for the profile. */
export async function appendToUser(ctx: AppContext, uid: string, events: DomainEvent[]): Promise<void> {
  const { position } = await ctx.store.append(
    streams.user(uid),
    events.map((event) => ({ ...event, metadata: metadata() })),
    { expectedRevision: 'any' },
  );
  await caughtUp({ ctx }, ['user_profiles'], position);
}

/** Waits until user_profiles shows everything on the user's stream (e.g. the registration of a first request). */
export async function profileSettled(ctx: AppContext, uid: string): Promise<void> {
  const [last] = await ctx.store.readStream(streams.user(uid), { direction: 'backwards', maxCount: 1 });
  if (last) await caughtUp({ ctx }, ['user_profiles'], last.position);
}

export function premiumUntil(uid: string, periodEnd: Date): DomainEvent {
  return {
    type: 'SubscriptionActivated',
    data: {
      uid,
      plan: 'monthly',
      provider: 'admin',
      subscriptionId: `sub_${uid}`,
      paymentId: null,
      periodEnd: periodEnd.toISOString(),
    },
  };
}

async function identityToolkit(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(
    `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/${path}?key=test`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Verifies the user's email the way a person does: the app sends the verification email, the
 * link's oob code is applied, and the next sign-in carries `email_verified`. Returns the new token.
 */
export async function verifyEmailThroughLink(user: TestUser): Promise<string> {
  await identityToolkit('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: user.idToken });
  const code = (await oobCodes()).findLast((c) => c.email === user.email && c.requestType === 'VERIFY_EMAIL');
  if (!code) throw new Error(`No verification email was sent to ${user.email}`);
  await identityToolkit('accounts:update', { oobCode: code.oobCode });
  return signIn(user.email, user.password);
}
