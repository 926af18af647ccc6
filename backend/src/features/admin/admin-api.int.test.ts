import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import { createUser, signIn, updateUser, type TestUser } from '../../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { caughtUp, recordScan } from '../../../testing/catalogue-fixtures';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let author: TestUser;

const query = (params: { filter?: object; sort?: [string, string]; range?: [number, number] }) =>
  '?' +
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');

const asAdmin = (path: string, options: { method?: string; body?: unknown } = {}) =>
  server.api(`/api/admin${path}`, { ...options, token: admin.idToken });

/** Every stream event's actor, in order. */
async function actorsOf(stream: string) {
  return (await server.ctx.store.readStream(stream)).map((event) => ({
    type: event.type,
    actor: event.metadata.actor,
  }));
}

/** A user who has made a request and chosen a username, settled in user_profiles. */
async function registered(username: string): Promise<TestUser> {
  const user = await createUser({ verified: true });
  expect(
    (await server.api('/api/user/username', { method: 'PATCH', token: user.idToken, body: { username } }))
      .status,
  ).toBe(200);
  await caughtUp(server, ['user_profiles']);
  return user;
}

async function createProduct(
  user: TestUser,
  fields: { name: string; ingredients: string; barcode?: string },
): Promise<number> {
  const res = await server.api('/api/products', {
    method: 'POST',
    token: user.idToken,
    body: {
      brand: 'Test Brand',
      barcode: fields.barcode ?? `MANUAL_${Date.now()}`,
      description: '',
      weight: '',
      ...fields,
    },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function postReview(
  user: TestUser,
  productId: number,
  rating: number,
  comment: string,
): Promise<string> {
  const res = await server.api('/api/reviews', {
    method: 'POST',
    token: user.idToken,
    body: { productId, rating, title: null, comment, isVerifiedPurchase: true },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, author] = await Promise.all([
    createUser({ admin: true, verified: true }),
    registered('plain_member'),
    registered('review_author'),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

describe('a newly granted administrator', () => {
  it('is let in at their next sign-in, not once the API asks the provider again (30 s)', async () => {
    const newcomer = await createUser({ verified: true });
    const dashboard = (token: string) => server.api('/api/admin/dashboard', { token });
    // The API now holds the provider's record of them: not an administrator.
    expect((await dashboard(newcomer.idToken)).status).toBe(403);
    await updateUser(newcomer.uid, { customAttributes: { admin: true } });
    // A second passes: a token that claims more than the record costs the provider a call a second at most.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await dashboard(await signIn(newcomer.email, newcomer.password))).status).toBe(200);
    // The token from before the grant claims nothing; it is let in on the record now asked again.
    expect((await dashboard(newcomer.idToken)).status).toBe(200);
  });
});

describe('authorization: every admin route', () => {
  let productId: number;
  let removableId: number;
  let reviewId: string;
  let articleId: number;
  let rebuildId: string;

  beforeAll(async () => {
    productId = await createProduct(member, { name: 'Matrix bar', ingredients: 'oats, honey' });
    removableId = await createProduct(member, { name: 'Matrix duplicate', ingredients: 'oats' });
    reviewId = await postReview(author, productId, 4, 'Nice and simple.');
  });

  // In order: each admin request must succeed after the ones before it.
  const routes: Array<{ method: string; path: () => string; body?: () => unknown }> = [
    { method: 'GET', path: () => '/dashboard' },
    { method: 'GET', path: () => '/reviews' },
    { method: 'GET', path: () => `/reviews/${reviewId}` },
    { method: 'PUT', path: () => `/reviews/${reviewId}`, body: () => ({ hidden: true, reason: 'Matrix' }) },
    { method: 'GET', path: () => '/products' },
    { method: 'GET', path: () => `/products/${productId}` },
    { method: 'PUT', path: () => `/products/${productId}`, body: () => ({ name: 'Matrix bar (corrected)' }) },
    { method: 'POST', path: () => `/products/${removableId}/remove`, body: () => ({ reason: 'Duplicate' }) },
    { method: 'GET', path: () => '/articles' },
    {
      method: 'POST',
      path: () => '/articles',
      body: () => ({
        title: 'Matrix',
        summary: 's',
        imageUrl: '',
        category: 'Guides',
        content: 'One.\n\nTwo.',
      }),
    },
    { method: 'GET', path: () => `/articles/${articleId}` },
    { method: 'PUT', path: () => `/articles/${articleId}`, body: () => ({ title: 'Matrix revised' }) },
    { method: 'POST', path: () => `/articles/${articleId}/withdraw`, body: () => ({ reason: 'Test' }) },
    { method: 'GET', path: () => '/users' },
    { method: 'GET', path: () => `/users/${member.uid}` },
    { method: 'POST', path: () => `/users/${member.uid}/suspend`, body: () => ({ reason: 'Matrix' }) },
    { method: 'POST', path: () => `/users/${member.uid}/reinstate`, body: () => ({}) },
    {
      method: 'POST',
      path: () => `/users/${member.uid}/premium`,
      body: () => ({ plan: 'monthly', periodEnd: new Date(Date.now() + 86_400_000).toISOString() }),
    },
    { method: 'DELETE', path: () => `/users/${member.uid}/premium` },
    { method: 'GET', path: () => '/projections' },
    { method: 'GET', path: () => '/projections/reviews' },
    { method: 'POST', path: () => '/projection-rebuilds', body: () => ({ projections: ['articles'] }) },
    { method: 'GET', path: () => '/projection-rebuilds' },
    { method: 'GET', path: () => `/projection-rebuilds/${rebuildId}` },
    { method: 'GET', path: () => `/events${query({ filter: { stream: streams.product(productId) } })}` },
  ];

  it('answers 401 without a token and 403 without the admin claim, and runs nothing', async () => {
    for (const route of routes) {
      const options = { method: route.method, body: route.body?.() };
      const anonymous = await server.api(`/api/admin${route.path()}`, options);
      expect([route.method, route.path(), anonymous.status, anonymous.body.error]).toEqual([
        route.method,
        route.path(),
        401,
        'UNAUTHENTICATED',
      ]);
      const plain = await server.api(`/api/admin${route.path()}`, { ...options, token: member.idToken });
      expect([route.method, route.path(), plain.status, plain.body.error]).toEqual([
        route.method,
        route.path(),
        403,
        'ADMIN_ONLY',
      ]);
    }
    const reviewEvents = await actorsOf(streams.review(reviewId));
    expect(reviewEvents.map((e) => e.type)).toEqual(['ReviewPosted']);
  });

  it('answers 2xx to an administrator', async () => {
    for (const route of routes) {
      const res = await asAdmin(route.path(), { method: route.method, body: route.body?.() });
      const ok = res.status >= 200 && res.status < 300;
      expect([route.method, route.path(), ok ? 'ok' : res.status, ok ? '' : res.body.message]).toEqual([
        route.method,
        route.path(),
        'ok',
        '',
      ]);
      if (route.path() === '/articles' && route.method === 'POST') articleId = res.body.id;
      if (route.path() === '/projection-rebuilds' && route.method === 'POST') rebuildId = res.body.id;
    }
  });
});

describe('reviews moderation queue', () => {
  let oatId: number;
  let cocoaId: number;
  const reviews = { spam: '', fair: '', cocoa: '' };

  beforeAll(async () => {
    oatId = await createProduct(member, { name: 'Queue oat bar', ingredients: 'oats, honey' });
    cocoaId = await createProduct(member, { name: 'Queue cocoa bar', ingredients: 'cocoa, sugar' });
    reviews.spam = await postReview(author, oatId, 1, 'Buy cheap watches at example dot test');
    reviews.fair = await postReview(member, oatId, 4, 'Tasty and filling.');
    reviews.cocoa = await postReview(author, cocoaId, 5, 'Rich cocoa flavour.');
  });

  it('filters by product, rating, text and status, with Content-Range for pagination', async () => {
    const byProduct = await asAdmin(
      `/reviews${query({ filter: { productId: oatId }, sort: ['rating', 'ASC'], range: [0, 0] })}`,
    );
    expect(byProduct.status).toBe(200);
    expect(byProduct.headers.get('content-range')).toBe('reviews 0-0/2');
    expect(byProduct.headers.get('access-control-expose-headers')).toBe('Content-Range');
    expect(byProduct.body).toHaveLength(1);
    expect(byProduct.body[0]).toMatchObject({
      id: reviews.spam,
      productId: oatId,
      productName: 'Queue oat bar',
      authorUid: author.uid,
      username: 'review_author',
      rating: 1,
      hidden: false,
    });
    const secondPage = await asAdmin(
      `/reviews${query({ filter: { productId: oatId }, sort: ['rating', 'ASC'], range: [1, 1] })}`,
    );
    expect(secondPage.headers.get('content-range')).toBe('reviews 1-1/2');
    expect(secondPage.body.map((r: { id: string }) => r.id)).toEqual([reviews.fair]);

    const byRating = await asAdmin(`/reviews${query({ filter: { rating: 5, productId: cocoaId } })}`);
    expect(byRating.body.map((r: { id: string }) => r.id)).toEqual([reviews.cocoa]);
    const byText = await asAdmin(`/reviews${query({ filter: { q: 'CHEAP WATCHES' } })}`);
    expect(byText.body.map((r: { id: string }) => r.id)).toEqual([reviews.spam]);
    const byProductName = await asAdmin(`/reviews${query({ filter: { q: 'queue cocoa' } })}`);
    expect(byProductName.body.map((r: { id: string }) => r.id)).toEqual([reviews.cocoa]);
    const recent = await asAdmin(
      `/reviews${query({ filter: { postedSince: new Date(Date.now() - 60_000).toISOString(), productId: cocoaId } })}`,
    );
    expect(recent.body).toHaveLength(1);
    const future = await asAdmin(`/reviews${query({ filter: { postedSince: '2999-01-01' } })}`);
    expect(future.headers.get('content-range')).toBe('reviews */0');
    const many = await asAdmin(`/reviews${query({ filter: { id: [reviews.fair, reviews.cocoa] } })}`);
    expect(many.body.map((r: { id: string }) => r.id).sort()).toEqual([reviews.fair, reviews.cocoa].sort());
  });

  it('rejects malformed list parameters and unknown filters', async () => {
    expect((await asAdmin('/reviews?sort=oops')).status).toBe(400);
    expect((await asAdmin(`/reviews${query({ sort: ['comment', 'ASC'] })}`)).status).toBe(400);
    expect((await asAdmin(`/reviews${query({ range: [0, 10_000] })}`)).status).toBe(400);
    expect((await asAdmin(`/reviews${query({ filter: { colour: 'red' } })}`)).status).toBe(400);
  });

  it('hides a review with a reason: gone from the product page, in the hidden queue, actor recorded; restore brings it back', async () => {
    const hide = await asAdmin(`/reviews/${reviews.spam}`, {
      method: 'PUT',
      body: { hidden: true, reason: 'Spam link' },
    });
    expect(hide.status).toBe(200);
    expect(hide.body).toMatchObject({ id: reviews.spam, hidden: true, hiddenReason: 'Spam link' });
    const page = await server.api(`/api/reviews/product/${oatId}`);
    expect(page.body.map((r: { id: string }) => r.id)).toEqual([reviews.fair]);
    const hiddenQueue = await asAdmin(`/reviews${query({ filter: { status: 'hidden', productId: oatId } })}`);
    expect(hiddenQueue.body.map((r: { id: string }) => r.id)).toEqual([reviews.spam]);

    // Hiding again records nothing.
    expect(
      (await asAdmin(`/reviews/${reviews.spam}`, { method: 'PUT', body: { hidden: true, reason: 'Again' } }))
        .status,
    ).toBe(200);
    const restore = await asAdmin(`/reviews/${reviews.spam}`, { method: 'PUT', body: { hidden: false } });
    expect(restore.body).toMatchObject({ hidden: false, hiddenReason: null });
    const back = await server.api(`/api/reviews/product/${oatId}`);
    expect(back.body.map((r: { id: string }) => r.id).sort()).toEqual([reviews.spam, reviews.fair].sort());

    expect(await actorsOf(streams.review(reviews.spam))).toEqual([
      { type: 'ReviewPosted', actor: author.uid },
      { type: 'ReviewHidden', actor: admin.uid },
      { type: 'ReviewRestored', actor: admin.uid },
    ]);
    const [, hidden] = await server.ctx.store.readStream(streams.review(reviews.spam));
    expect(hidden!.data).toEqual({ reviewId: reviews.spam, reason: 'Spam link' });
  });

  it('needs a reason to hide, and knows no unknown review', async () => {
    const noReason = await asAdmin(`/reviews/${reviews.fair}`, {
      method: 'PUT',
      body: { hidden: true, reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    const extra = await asAdmin(`/reviews/${reviews.fair}`, {
      method: 'PUT',
      body: { hidden: false, comment: 'x' },
    });
    expect(extra.status).toBe(400);
    expect(
      (await asAdmin('/reviews/0000000000000000dead', { method: 'PUT', body: { hidden: false } })).status,
    ).toBe(404);
    expect((await asAdmin('/reviews/0000000000000000dead')).status).toBe(404);
  });
});

describe('products', () => {
  it('searches by name, brand or id and shows the analysis with community numbers', async () => {
    const id = await createProduct(member, {
      name: 'Searchable Lentil Soup',
      ingredients: 'water, lentils, carrots, onion, salt',
    });
    const byName = await asAdmin(`/products${query({ filter: { q: 'lentil soup' } })}`);
    expect(byName.body.map((p: { id: number }) => p.id)).toEqual([id]);
    const byId = await asAdmin(`/products${query({ filter: { q: String(id), source: 'user' } })}`);
    expect(byId.body.map((p: { id: number }) => p.id)).toContain(id);
    const one = await asAdmin(`/products/${id}`);
    expect(one.body).toMatchObject({
      id,
      name: 'Searchable Lentil Soup',
      source: 'user',
      createdBy: member.uid,
      removed: false,
      reviewCount: 0,
    });
    expect(one.body.analysis).toMatchObject({ rating: one.body.rating, processingLevel: expect.any(String) });
    expect((await asAdmin('/products/999999')).status).toBe(404);
    expect((await asAdmin('/products/abc')).status).toBe(400);
  });

  it('corrects ingredients: the analyser recomputes the rating, only changed fields are recorded', async () => {
    const id = await createProduct(member, {
      name: 'Plain crackers',
      ingredients: 'wheat flour, olive oil, salt',
    });
    const before = await asAdmin(`/products/${id}`);
    expect(before.body.rating).not.toBe('red');
    const corrected = await asAdmin(`/products/${id}`, {
      method: 'PUT',
      body: {
        name: 'Plain crackers',
        ingredients: 'wheat flour, palm oil, sugar, glucose syrup, E102, E110, E129, E211, flavourings',
      },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.rating).toBe('red');
    expect((await server.api(`/api/products/${id}`)).body.rating).toBe('red');
    const events = await server.ctx.store.readStream(streams.product(id));
    expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['ProductCreated', member.uid],
      ['ProductCorrected', admin.uid],
    ]);
    expect(Object.keys((events[1]!.data as { changes: object }).changes)).toEqual(['ingredients']);
    expect((await asAdmin(`/products/${id}`, { method: 'PUT', body: { rating: 'green' } })).status).toBe(400);
  });

  it('corrects the quantity: the product page shows the new weight, the verdict stays', async () => {
    const id = await createProduct(member, { name: 'Rye crispbread', ingredients: 'rye flour, salt' });
    const before = (await server.api(`/api/products/${id}`)).body;
    const corrected = await asAdmin(`/products/${id}`, {
      method: 'PUT',
      body: { name: 'Rye crispbread', weight: '250 g' },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({
      weight: '250 g',
      correctedFields: ['weight'],
      rating: before.rating,
    });
    expect((await server.api(`/api/products/${id}`)).body).toEqual({ ...before, weight: '250 g' });
    const events = await server.ctx.store.readStream(streams.product(id));
    expect(events.map((e) => [e.type, e.metadata.actor, e.data])).toEqual([
      ['ProductCreated', member.uid, expect.anything()],
      ['ProductQuantityCorrected', admin.uid, { productId: id, quantity: '250 g' }],
    ]);
  });

  it('keeps real barcodes unique when correcting one', async () => {
    const first = await createProduct(member, {
      name: 'Barcode one',
      ingredients: 'oats',
      barcode: '4006381333931',
    });
    const second = await createProduct(member, {
      name: 'Barcode two',
      ingredients: 'oats',
      barcode: '4006381333948',
    });
    const clash = await asAdmin(`/products/${second}`, { method: 'PUT', body: { barcode: '4006381333931' } });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('BARCODE_TAKEN');
    const fresh = await asAdmin(`/products/${second}`, { method: 'PUT', body: { barcode: '4006381333955' } });
    expect(fresh.body.barcode).toBe('4006381333955');
    expect((await server.api('/api/products/barcode/4006381333955')).body.id).toBe(second);
    expect(first).not.toBe(second);
  });

  it('removes a product with a reason: the consumer app no longer finds it', async () => {
    const id = await createProduct(member, { name: 'Duplicate muesli', ingredients: 'oats, raisins' });
    const removal = await asAdmin(`/products/${id}/remove`, {
      method: 'POST',
      body: { reason: 'Duplicate of another product' },
    });
    expect(removal.body).toMatchObject({ id, removed: true });
    expect((await server.api(`/api/products/${id}`)).status).toBe(404);
    expect(
      (await asAdmin(`/products/${id}/remove`, { method: 'POST', body: { reason: 'again' } })).status,
    ).toBe(409);
    const [, removed] = await server.ctx.store.readStream(streams.product(id));
    expect(removed).toMatchObject({
      type: 'ProductRemoved',
      data: { reason: 'Duplicate of another product' },
      metadata: { actor: admin.uid },
    });
    expect((await asAdmin(`/products${query({ filter: { removed: true, id: [id] } })}`)).body).toHaveLength(
      1,
    );
  });
});

describe('articles', () => {
  it('publishes, revises and withdraws an article, each recorded with the acting admin', async () => {
    const created = await asAdmin('/articles', {
      method: 'POST',
      body: {
        title: 'Reading labels',
        summary: 'A short guide',
        imageUrl: '/articles/reading-labels.svg',
        category: 'Guides',
        content: 'First.\n\nSecond.',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await server.api(`/api/articles/${id}`)).body).toMatchObject({
      title: 'Reading labels',
      content: 'First.\n\nSecond.',
    });

    const revised = await asAdmin(`/articles/${id}`, {
      method: 'PUT',
      body: { title: 'Reading food labels', summary: 'A short guide' },
    });
    expect(revised.body.title).toBe('Reading food labels');
    expect((await server.api(`/api/articles/${id}`)).body.title).toBe('Reading food labels');
    expect(
      (await asAdmin(`/articles${query({ filter: { q: 'food labels' } })}`)).body.map(
        (a: { id: number }) => a.id,
      ),
    ).toEqual([id]);

    const withdrawn = await asAdmin(`/articles/${id}/withdraw`, {
      method: 'POST',
      body: { reason: 'Outdated' },
    });
    expect(withdrawn.body.withdrawn).toBe(true);
    expect((await server.api(`/api/articles/${id}`)).status).toBe(404);
    expect((await asAdmin(`/articles/${id}`, { method: 'PUT', body: { title: 'x' } })).status).toBe(409);

    const events = await server.ctx.store.readStream(streams.article(id));
    expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['ArticlePublished', admin.uid],
      ['ArticleRevised', admin.uid],
      ['ArticleWithdrawn', admin.uid],
    ]);
    expect(events[1]!.data).toEqual({ articleId: id, changes: { title: 'Reading food labels' } });
  });

  it('validates the article', async () => {
    const res = await asAdmin('/articles', {
      method: 'POST',
      body: { title: '', summary: '', imageUrl: 'javascript:alert(1)', category: '', content: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/title/);
    expect(res.body.message).toMatch(/imageUrl/);
  });
});

describe('users', () => {
  it('searches by email or username and shows scans, reviews and subscription', async () => {
    const productId = await createProduct(author, {
      name: 'Scanned granola',
      ingredients: 'oats, honey, almonds',
    });
    await recordScan(server, author, productId);
    await postReview(author, productId, 3, 'Good crunch.');
    await caughtUp(server, ['user_profiles', 'user_scans']);

    const byUsername = await asAdmin(`/users${query({ filter: { q: 'REVIEW_auth' } })}`);
    expect(byUsername.body.map((u: { id: string }) => u.id)).toEqual([author.uid]);
    const byEmail = await asAdmin(`/users${query({ filter: { q: author.email } })}`);
    expect(byEmail.body.map((u: { id: string }) => u.id)).toEqual([author.uid]);
    expect(byEmail.headers.get('content-range')).toBe('users 0-0/1');

    const one = await asAdmin(`/users/${author.uid}`);
    expect(one.body).toMatchObject({
      id: author.uid,
      email: author.email,
      username: 'review_author',
      isPremium: false,
      suspended: false,
      subscription: null,
    });
    expect(one.body.scans).toEqual([expect.objectContaining({ productId, productName: 'Scanned granola' })]);
    expect(one.body.reviews).toEqual(
      expect.arrayContaining([expect.objectContaining({ productId, comment: 'Good crunch.' })]),
    );
    expect((await asAdmin('/users/nobody-at-all')).status).toBe(404);
  });

  it("names a user's personal scans by their first ingredients, as the user's own history does", async () => {
    const user = await registered('private_scanner');
    const personal = await createProduct(user, {
      name: 'Manual Analysis',
      ingredients: 'Chickpeas, tahini, lemon juice, garlic, olive oil, sea salt',
    });
    await recordScan(server, user, personal);
    await postReview(user, personal, 4, 'My own hummus.');
    await caughtUp(server, ['user_profiles', 'user_scans', 'product_cards', 'reviews']);

    const { body } = await asAdmin(`/users/${user.uid}`);
    const title = 'Chickpeas, tahini, lemon juice, garlic…';
    expect(body.scans).toEqual([expect.objectContaining({ productId: personal, productName: title })]);
    expect(body.reviews).toEqual([expect.objectContaining({ productId: personal, productName: title })]);
  });

  it('suspends a user from posting reviews, and reinstates them', async () => {
    const user = await registered('suspend_me');
    const productId = await createProduct(member, { name: 'Suspension test bar', ingredients: 'oats' });
    const suspended = await asAdmin(`/users/${user.uid}/suspend`, {
      method: 'POST',
      body: { reason: 'Abusive language' },
    });
    expect(suspended.body).toMatchObject({ suspended: true, suspensionReason: 'Abusive language' });
    const refused = await server.api('/api/reviews', {
      method: 'POST',
      token: user.idToken,
      body: { productId, rating: 1, title: null, comment: 'Rubbish', isVerifiedPurchase: true },
    });
    expect(refused.status).toBe(403);
    expect(
      (await asAdmin(`/users${query({ filter: { suspended: true, id: [user.uid] } })}`)).body,
    ).toHaveLength(1);

    const reinstated = await asAdmin(`/users/${user.uid}/reinstate`, { method: 'POST', body: {} });
    expect(reinstated.body).toMatchObject({ suspended: false, suspensionReason: null });
    await postReview(user, productId, 2, 'Could be better.');
    expect(await actorsOf(streams.user(user.uid))).toEqual(
      expect.arrayContaining([
        { type: 'UserSuspended', actor: admin.uid },
        { type: 'UserReinstated', actor: admin.uid },
      ]),
    );
  });

  it('grants Premium until a period end (provider admin) and revokes it', async () => {
    const user = await registered('gift_premium');
    const periodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const granted = await asAdmin(`/users/${user.uid}/premium`, {
      method: 'POST',
      body: { plan: 'yearly', periodEnd },
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      isPremium: true,
      plan: 'yearly',
      subscription: { provider: 'admin', periodEnd },
    });
    expect((await server.api('/api/user/profile', { token: user.idToken })).body.isPremium).toBe(true);
    expect(
      (await asAdmin(`/users${query({ filter: { premium: true, id: [user.uid] } })}`)).body,
    ).toHaveLength(1);

    const past = await asAdmin(`/users/${user.uid}/premium`, {
      method: 'POST',
      body: { plan: 'yearly', periodEnd: '2020-01-01' },
    });
    expect(past.status).toBe(400);

    const revoked = await asAdmin(`/users/${user.uid}/premium`, { method: 'DELETE' });
    expect(revoked.body).toMatchObject({ isPremium: false, subscription: null });
    expect((await server.api('/api/user/profile', { token: user.idToken })).body.isPremium).toBe(false);
    expect((await asAdmin(`/users/${user.uid}/premium`, { method: 'DELETE' })).status).toBe(409);

    const events = await server.ctx.store.readStream(streams.user(user.uid));
    const activated = events.find((e) => e.type === 'SubscriptionActivated')!;
    expect(activated).toMatchObject({
      data: { provider: 'admin', plan: 'yearly', paymentId: null },
      metadata: { actor: admin.uid },
    });
    expect(events.find((e) => e.type === 'SubscriptionExpired')?.metadata.actor).toBe(admin.uid);
  });
});

describe('projections', () => {
  it('lists status, checkpoint and lag of every projection', async () => {
    const res = await asAdmin('/projections');
    expect(res.status).toBe(200);
    const names = res.body.map((p: { id: string }) => p.id);
    expect(names).toEqual(expect.arrayContaining(['reviews', 'product_cards', 'user_profiles', 'articles']));
    expect(res.headers.get('content-range')).toBe(`projections 0-${names.length - 1}/${names.length}`);
    expect(res.body[0]).toMatchObject({
      checkpoint: expect.stringMatching(/^\d+\/\d+$/),
      lagEvents: expect.any(Number),
      state: expect.any(String),
    });
    expect((await asAdmin('/projections/nope')).status).toBe(404);
  });

  it('rebuilds projections in the background and reports progress until done; one at a time', async () => {
    const started = await asAdmin('/projection-rebuilds', {
      method: 'POST',
      body: { projections: ['reviews', 'product_ratings'] },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      state: 'running',
      projections: ['reviews', 'product_ratings'],
      startedBy: admin.uid,
    });
    const second = await asAdmin('/projection-rebuilds', {
      method: 'POST',
      body: { projections: ['articles'] },
    });
    expect([202, 409]).toContain(second.status);

    let job = started.body;
    for (let i = 0; i < 200 && job.state === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await asAdmin(`/projection-rebuilds/${started.body.id}`)).body;
    }
    expect(job.state).toBe('done');
    expect(job.completed.map((c: { name: string }) => c.name)).toEqual(['reviews', 'product_ratings']);
    expect(job.completed[0].processed).toBeGreaterThan(0);
    expect(job.progress).toMatchObject({ phase: 'done', projection: 'product_ratings' });
    expect(
      (await asAdmin('/projection-rebuilds', { method: 'POST', body: { projections: ['nope'] } })).status,
    ).toBe(400);
    // The rebuilt tables still serve the queue.
    expect((await asAdmin('/reviews')).body.length).toBeGreaterThan(0);
  });
});

describe('event history', () => {
  it("lists a stream's events in order with time, type, actor and payload", async () => {
    const productId = await createProduct(member, { name: 'History bar', ingredients: 'oats' });
    await asAdmin(`/products/${productId}`, {
      method: 'PUT',
      body: { description: 'Now with a description' },
    });
    const res = await asAdmin(`/events${query({ filter: { stream: streams.product(productId) } })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('events 0-1/2');
    expect(
      res.body.map((e: { revision: number; type: string; actor: string }) => [e.revision, e.type, e.actor]),
    ).toEqual([
      [0, 'ProductCreated', member.uid],
      [1, 'ProductCorrected', admin.uid],
    ]);
    expect(res.body[1]).toMatchObject({
      at: expect.any(String),
      data: { productId, changes: { description: 'Now with a description' } },
    });
    const newestFirst = await asAdmin(
      `/events${query({ filter: { stream: streams.product(productId) }, sort: ['revision', 'DESC'], range: [0, 0] })}`,
    );
    expect(newestFirst.body.map((e: { type: string }) => e.type)).toEqual(['ProductCorrected']);
    expect((await asAdmin('/events')).status).toBe(400);
    expect((await asAdmin(`/events${query({ filter: { stream: 'barcode-123' } })}`)).status).toBe(400);
  });
});

describe('dashboard', () => {
  it("counts today's work and reports projection health", async () => {
    const res = await asAdmin('/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.reviews.waiting).toBeGreaterThan(0);
    expect(res.body.reviews.hidden).toBeGreaterThanOrEqual(1);
    expect(res.body.products.newToday).toBeGreaterThan(0);
    expect(res.body.users.total).toBeGreaterThanOrEqual(3);
    expect(res.body.scans.today).toBeGreaterThanOrEqual(1);
    expect(res.body.projections.items.length).toBeGreaterThan(0);
    expect(typeof res.body.projections.healthy).toBe('boolean');
  });
});
