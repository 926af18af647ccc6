import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletionResponse, dataDownloadResponse, streams } from '@labelwise/domain';
import { rebuildAll, projections } from '@labelwise/projections';
import {
  RATED_INGREDIENTS,
  caughtUp,
  createdProduct,
  postedReview,
  recordScan,
  registeredUser,
} from '../../../testing/catalogue-fixtures';
import { createUser, sessionsValidSince, type TestUser } from '../../../testing/emulator-users';
import {
  WEBHOOK_SECRET,
  confirmAtStripe,
  startStripeApi,
  verifyPayment,
} from '../../../testing/payments-under-test';
import { startStripeDouble, type StripeDouble } from '../../../testing/stripe-double';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import {
  ACCOUNT_DELETED_MESSAGE,
  CONFIRMATION_REQUIRED_MESSAGE,
  RECENT_SIGN_IN_REQUIRED_MESSAGE,
} from './routes';

let server: TestServer;
/** The payment provider is Stripe (its double): the API that reaches it, for payments and deletions. */
let double: StripeDouble;
let stripe: Awaited<ReturnType<typeof startStripeApi>>;

beforeAll(async () => {
  server = await startTestServer();
  double = await startStripeDouble({ now: () => new Date() });
  stripe = await startStripeApi(server, double);
  double.sendWebhooksTo(`${stripe.url}/api/webhooks/stripe`, WEBHOOK_SECRET);
});
afterAll(async () => {
  await stripe?.close();
  await double?.close();
  await server?.stop();
});

const deleteAccount = (user: TestUser, body: unknown, token = user.idToken) =>
  stripe.api('/api/user', { method: 'DELETE', token, body });

/** The console's deletion of a user's account, by an administrator. */
const deleteAsAdmin = (admin: TestUser, uid: string, body: unknown) =>
  stripe.api(`/api/admin/users/${uid}/deletion`, { method: 'POST', token: admin.idToken, body });

/** Everything the database holds, every table of every schema, each row as text: what a dump would show. */
async function dumpTables(): Promise<Map<string, string[]>> {
  const { rows: tables } = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(
    server.ctx.db,
  );
  const dump = new Map<string, string[]>();
  for (const { schema, name } of tables) {
    const { rows } = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(`${schema}.${name}`)} t`.execute(server.ctx.db);
    dump.set(
      `${schema}.${name}`,
      rows.map((r) => r.row),
    );
  }
  return dump;
}

async function dumpDatabase(): Promise<string> {
  return [...(await dumpTables())].flatMap(([table, rows]) => [`-- ${table}`, ...rows]).join('\n');
}

/**
 * The tables that keep a deleted user's uid, by design: a random id that names nobody once the
 * identity provider's account is gone, kept where other people's data must add up (see the README's
 * Privacy). Any other table holding it has not forgotten the user.
 */
const TABLES_KEEPING_THE_UID = [
  'public.events', // the user's stream and the events that must stay (scans, subscription history)
  'public.streams',
  'public.erased_subjects', // so that a late or retried request of theirs is refused
  'public.rate_limit_hits', // expires within the minute
  'public.user_profiles', // the anonymised row: counts kept, no email, name or username
  'public.monthly_scan_counts', // the allowance
  'public.reviews', // a removed review, hidden, its text forgotten
  'public.product_rating_reviews',
];

async function tablesHolding(text: string): Promise<string[]> {
  return [...(await dumpTables())]
    .filter(([, rows]) => rows.some((row) => row.includes(text)))
    .map(([table]) => table);
}

/** Every account the Auth Emulator holds, as JSON. */
async function emulatorAccounts(): Promise<string> {
  const res = await fetch(
    `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/projects/${inject('firebaseProjectId')}/accounts:batchGet?maxResults=1000`,
    { headers: { authorization: 'Bearer owner' } },
  );
  expect(res.ok).toBe(true);
  return res.text();
}

/** A Premium subscription at Stripe, paid with a good card as the payment form would; the user's Stripe customer. */
async function subscribe(user: TestUser): Promise<string> {
  const created = await stripe.api('/api/create-subscription', {
    method: 'POST',
    token: user.idToken,
    body: { plan: 'monthly' },
  });
  expect(created.status).toBe(200);
  expect((await confirmAtStripe(double, created.body.clientSecret)).status).toBe(200);
  expect((await verifyPayment(stripe.api, user, created.body.paymentIntentId)).status).toBe(200);
  await double.webhooksDelivered();
  return double.customerOf(user.uid)!;
}

/** The customer's subscriptions Stripe may still bill. */
const liveSubscriptions = (customerId: string) =>
  double.records(customerId).subscriptions.filter((subscription) => subscription.status !== 'canceled');

/** How many times the app asked Stripe to delete a customer. */
const customerDeletions = () =>
  double.requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/v1/customers/')).length;

/** The same emulator token signed in `secondsAgo` earlier (the emulator's tokens are unsigned). */
function signedInEarlier(token: string, secondsAgo: number): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  const older = { ...claims, auth_time: claims.auth_time - secondsAgo };
  return `${header}.${Buffer.from(JSON.stringify(older)).toString('base64url')}.`;
}

describe('DELETE /api/user', () => {
  it('forgets the user everywhere, a rebuild from zero included, and leaves everyone else as they were', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `erase-${tag}@example.test`;
    const username = `gone_${tag}`;
    const phrase = `crunchy-marmalade-${tag}`;
    const other = await registeredUser(server, { username: `stays_${tag}` });
    const user = await createUser({ verified: true, email });
    expect((await server.api('/api/user/profile', { token: user.idToken })).status).toBe(200);
    const named = await server.api('/api/user/username', {
      method: 'PATCH',
      token: user.idToken,
      body: { username },
    });
    expect(named.status).toBe(200);

    const productId = await createdProduct(server, other, {
      name: `Marmalade ${tag}`,
      ingredients: RATED_INGREDIENTS.green,
    });
    const ownProduct = await createdProduct(server, user, {
      name: `Oat bar ${tag}`,
      ingredients: RATED_INGREDIENTS.amber,
    });
    await recordScan(server, user, productId);
    await recordScan(server, other, productId);
    await postedReview(server, user, { productId, rating: 2, comment: `Too sweet, ${phrase}` });
    const othersReview = await postedReview(server, other, { productId, rating: 5, comment: 'Lovely' });
    const customer = await subscribe(user);
    expect(liveSubscriptions(customer)).toHaveLength(1);

    // Before deleting, the download holds every item.
    const download = await server.api('/api/user/data', { token: user.idToken });
    expect(download.status).toBe(200);
    const held = dataDownloadResponse.parse(download.body);
    expect(held.account).toMatchObject({ uid: user.uid, email, username });
    expect(held.scans).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'analysis', productId })]),
    );
    expect(held.reviews).toEqual([expect.objectContaining({ productId, comment: `Too sweet, ${phrase}` })]);
    expect(held.subscription.current).not.toBeNull();
    expect(held.payments).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect(held.products).toEqual([
      expect.objectContaining({ productId: ownProduct, contribution: 'created' }),
    ]);

    const deleted = await deleteAccount(user, { confirm: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      deleted: true,
      reviewsRemoved: 1,
      reviewsKept: 0,
      subscriptionsCancelled: 1,
    });
    expect(accountDeletionResponse.parse(deleted.body)).toEqual(deleted.body); // the apps' contract
    // The live read models forgot the user (a product they created names nobody) before any rebuild.
    expect(TABLES_KEEPING_THE_UID).toEqual(expect.arrayContaining(await tablesHolding(user.uid)));
    expect(liveSubscriptions(customer)).toEqual([]);
    // The provider no longer holds the customer (it held the email); its payment records stay.
    expect(double.customerOf(user.uid)).toBeUndefined();
    expect(double.records(customer).charges).toHaveLength(1);

    await caughtUp(server, projections.map((p) => p.name) as never);
    await rebuildAll({ db: server.ctx.db, store: server.ctx.store, projections });
    expect(TABLES_KEEPING_THE_UID).toEqual(expect.arrayContaining(await tablesHolding(user.uid)));
    const dump = await dumpDatabase();
    expect(dump).toContain(othersReview); // the dump does show what it holds
    for (const secret of [email, username, username.toLowerCase(), phrase])
      expect(dump).not.toContain(secret);
    const accounts = await emulatorAccounts();
    expect(accounts).toContain(other.email);
    expect(accounts).not.toContain(email);
    expect(accounts).not.toContain(user.uid);

    // Everyone else's data and counts, and the product the user created, are as they were.
    const reviews = await server.api(`/api/reviews/product/${productId}`);
    expect(reviews.body.map((r: { id: string }) => r.id)).toEqual([othersReview]);
    const ratings = await server.ctx.db
      .selectFrom('product_ratings')
      .select('review_count')
      .where('product_id', '=', productId)
      .executeTakeFirst();
    expect(ratings).toEqual({ review_count: 1 });
    const scans = await server.api('/api/users/scanned-products', { token: other.idToken });
    expect(scans.body.map((p: { id: number }) => p.id)).toContain(productId);
    const created = await server.ctx.store.readStream(streams.product(ownProduct));
    expect(created[0]!.data).toMatchObject({ createdBy: 'deleted-user' });
  });

  it('refuses without the typed word, changing nothing', async () => {
    const user = await registeredUser(server);
    for (const body of [{}, { confirm: 'delete' }]) {
      const res = await deleteAccount(user, body);
      expect(res.status).toBe(400);
      if (res.body.error === 'CONFIRMATION_REQUIRED')
        expect(res.body).toEqual({ error: 'CONFIRMATION_REQUIRED', message: CONFIRMATION_REQUIRED_MESSAGE });
    }
    expect((await server.api('/api/user/profile', { token: user.idToken })).status).toBe(200);
  });

  it('asks for a recent sign-in: a session older than 5 minutes gets 401 and changes nothing', async () => {
    const user = await createUser({ verified: true });
    // A session from before the account existed would count as revoked: the provider accepts older ones here.
    await sessionsValidSince(user.uid, Math.floor(Date.now() / 1000) - 3600);
    const res = await deleteAccount(user, { confirm: 'DELETE' }, signedInEarlier(user.idToken, 301));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'RECENT_SIGN_IN_REQUIRED', message: RECENT_SIGN_IN_REQUIRED_MESSAGE });
    expect((await server.api('/api/user/profile', { token: user.idToken })).status).toBe(200);
  });

  it('answers a second delete clearly, and refuses a scan after the deletion', async () => {
    const user = await registeredUser(server);
    const productId = await createdProduct(server, user, {
      name: 'Jam',
      ingredients: RATED_INGREDIENTS.green,
    });
    expect((await deleteAccount(user, { confirm: 'DELETE', keepReviews: true })).status).toBe(200);
    const again = await deleteAccount(user, { confirm: 'DELETE' });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('UNAUTHENTICATED');
    const scan = await server.api('/api/users/scanned-products', {
      method: 'POST',
      token: user.idToken,
      body: { productId, scannedAt: new Date().toISOString() },
    });
    expect(scan.status).toBe(401);
    // Had the session still been trusted, the user's stream refuses it too.
    await expect(
      server.ctx.store.readStream(streams.user(user.uid)).then((events) => events.at(-1)?.type),
    ).resolves.toBe('UserErased');
  });

  it('a delete during scans: each scan lands before and is erased, or is refused', async () => {
    const user = await registeredUser(server);
    const productId = await createdProduct(server, user, {
      name: 'Rye',
      ingredients: RATED_INGREDIENTS.green,
    });
    const scan = () =>
      server.api('/api/users/scanned-products', {
        method: 'POST',
        token: user.idToken,
        body: { productId, scannedAt: new Date().toISOString() },
      });
    const [deleted, ...scans] = await Promise.all([
      deleteAccount(user, { confirm: 'DELETE' }),
      scan(),
      scan(),
      scan(),
    ]);
    expect(deleted.status).toBe(200);
    for (const res of scans) expect([201, 401, 404]).toContain(res.status);
    await caughtUp(server, ['user_scans', 'user_profiles']);
    const history = await server.ctx.db
      .selectFrom('user_scans')
      .select('uid')
      .where('uid', '=', user.uid)
      .execute();
    expect(history).toEqual([]);
    const events = await server.ctx.store.readStream(streams.user(user.uid));
    expect(events.findIndex((e) => e.type === 'UserErased')).toBe(events.length - 1);
  });

  it('finishes a deletion a crash interrupted after the erasure was recorded, once', async () => {
    const tag = randomUUID().slice(0, 8);
    const user = await registeredUser(server, { username: `crash_${tag}` });
    const productId = await createdProduct(server, user, {
      name: 'Kale',
      ingredients: RATED_INGREDIENTS.green,
    });
    await postedReview(server, user, { productId, rating: 3, comment: `half-done-${tag}` });
    // As the first request left it: UserErased recorded, nothing after it.
    await server.ctx.store.append(
      streams.user(user.uid),
      [
        {
          type: 'UserErased',
          data: { uid: user.uid, keepReviews: false, reason: null },
          metadata: {
            actor: user.uid,
            correlationId: randomUUID(),
            causationId: null,
            at: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 'any' },
    );
    const retried = await deleteAccount(user, { confirm: 'DELETE' });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ deleted: true, reviewsRemoved: 1 });
    const erasures = (await server.ctx.store.readStream(streams.user(user.uid))).filter(
      (e) => e.type === 'UserErased',
    );
    expect(erasures).toHaveLength(1);
    const dump = await dumpDatabase();
    for (const secret of [user.email, `crash_${tag}`, `half-done-${tag}`]) expect(dump).not.toContain(secret);
  });

  it('keeps reviews as "Anonymous User" when asked to', async () => {
    const user = await registeredUser(server, { username: `kept_${randomUUID().slice(0, 6)}` });
    const productId = await createdProduct(server, user, {
      name: 'Tea',
      ingredients: RATED_INGREDIENTS.green,
    });
    const reviewId = await postedReview(server, user, { productId, rating: 4, comment: 'Smooth and mild' });
    const res = await deleteAccount(user, { confirm: 'DELETE', keepReviews: true });
    expect(res.body).toEqual({ deleted: true, reviewsRemoved: 0, reviewsKept: 1, subscriptionsCancelled: 0 });
    const reviews = await server.api(`/api/reviews/product/${productId}`);
    expect(reviews.body).toEqual([
      expect.objectContaining({ id: reviewId, username: 'Anonymous User', comment: 'Smooth and mild' }),
    ]);
  });
});

describe('POST /api/admin/users/{uid}/deletion', () => {
  it('carries out a deletion for a user who asked, with the reason in the audit trail', async () => {
    const admin = await createUser({ admin: true, verified: true });
    const user = await registeredUser(server);
    const refused = await deleteAsAdmin(user, user.uid, { confirm: 'DELETE', reason: 'Asked by email' });
    expect(refused.status).toBe(403);
    const res = await deleteAsAdmin(admin, user.uid, {
      confirm: 'DELETE',
      reason: 'Ticket 1234: asked by email',
    });
    expect(res.status).toBe(200);
    const [erased] = (await server.ctx.store.readStream(streams.user(user.uid))).filter(
      (e) => e.type === 'UserErased',
    );
    expect(erased).toMatchObject({
      data: { uid: user.uid, reason: 'Ticket 1234: asked by email' },
      metadata: { actor: admin.uid },
    });
    const again = await deleteAsAdmin(admin, user.uid, { confirm: 'DELETE', reason: 'again' });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'ACCOUNT_DELETED', message: ACCOUNT_DELETED_MESSAGE });
  });
});

describe('the customer at Stripe', () => {
  it('is deleted once: a second deletion does not ask Stripe again', async () => {
    const admin = await createUser({ admin: true, verified: true });
    const user = await registeredUser(server);
    const customer = await subscribe(user);
    const before = customerDeletions();
    expect((await deleteAccount(user, { confirm: 'DELETE' })).status).toBe(200);
    expect(double.customerOf(user.uid)).toBeUndefined();
    expect(liveSubscriptions(customer)).toEqual([]);
    const again = await deleteAsAdmin(admin, user.uid, { confirm: 'DELETE', reason: 'asked twice' });
    expect(again.status).toBe(404);
    expect(customerDeletions()).toBe(before + 1);
  });

  it('already deleted at Stripe (a crash after Stripe deleted it) counts as done', async () => {
    const user = await registeredUser(server);
    const customer = await subscribe(user);
    const gone = await fetch(`http://127.0.0.1:${double.port}/v1/customers/${customer}`, {
      method: 'DELETE',
    });
    expect(gone.status).toBe(200);
    const res = await deleteAccount(user, { confirm: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: true, subscriptionsCancelled: 0 });
  });

  it('a Stripe outage answers 503 and leaves the account; the retry finishes the deletion', async () => {
    const user = await registeredUser(server);
    await subscribe(user);
    double.outage(({ method, path }) => method === 'DELETE' && path.startsWith('/v1/customers/'));
    try {
      const failed = await deleteAccount(user, { confirm: 'DELETE' });
      expect(failed.status).toBe(503);
      expect(failed.body).toEqual({
        error: 'PAYMENTS_UNAVAILABLE',
        message: 'The payment service is unavailable. Please try again shortly.',
      });
    } finally {
      double.outage(null);
    }
    expect(double.customerOf(user.uid)).toBeDefined();
    expect((await server.api('/api/user/profile', { token: user.idToken })).status).toBe(200);
    const retried = await deleteAccount(user, { confirm: 'DELETE' });
    expect(retried.status).toBe(200);
    expect(double.customerOf(user.uid)).toBeUndefined();
  });
});
