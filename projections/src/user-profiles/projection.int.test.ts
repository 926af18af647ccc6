import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchings, createProjectionSpec, type ProjectionSpec } from '../../testing/projection-spec';
import { userProfilesProjection } from './projection';

describe.each(batchings)('user_profiles, %s', (batching) => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await createProjectionSpec(userProfilesProjection, batching);
  });
  afterAll(async () => {
    await spec?.close();
  });
  beforeEach(async () => {
    await spec.reset();
  });
  const registered = (uid: string, at: string) =>
    spec.event(
      'UserRegistered',
      {
        uid,
        email: `${uid}@example.com`,
        emailVerified: true,
        displayName: uid[0]!.toUpperCase() + uid.slice(1),
        provider: 'password',
      },
      { at },
    );
  const scan = (uid: string, productId: number) =>
    spec.event('ScanRecorded', {
      uid,
      productId,
      scannedAt: '2026-03-02T08:00:00.000Z',
      month: '2026-03',
    });
  const activated = (uid: string, subscriptionId: string, periodEnd: string) =>
    spec.event('SubscriptionActivated', {
      uid,
      plan: 'monthly',
      provider: 'stripe',
      subscriptionId,
      paymentId: `pi_${subscriptionId}`,
      periodEnd,
    });
  const profile = async (uid: string) =>
    spec.db.selectFrom('user_profiles').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();

  it('creates a profile at registration and fills in the username and scans', async () => {
    await spec.apply([
      registered('alice', '2026-03-01T09:00:00.000Z'),
      spec.event('UsernameSet', { uid: 'alice', username: 'AliceInLabels', previous: null }),
      scan('alice', 1),
      scan('alice', 2),
      scan('alice', 1),
    ]);

    expect(await spec.rows('user_profiles', 'uid')).toEqual([
      {
        uid: 'alice',
        email: 'alice@example.com',
        display_name: 'Alice',
        username: 'AliceInLabels',
        username_lower: 'aliceinlabels',
        subscription_id: null,
        plan: null,
        provider: null,
        period_end: null,
        cancels_at: null,
        premium_until: null,
        suspended: false,
        erased: false,
        registered_at: new Date('2026-03-01T09:00:00.000Z'),
        scans_total: 3,
      },
    ]);
  });

  it('keeps a deleted account anonymised and never Premium, also when its provider reports on', async () => {
    await spec.apply([
      registered('dora', '2026-03-01T09:00:00.000Z'),
      activated('dora', 'sub_d', '2099-01-01T00:00:00.000Z'),
      spec.event('UserErased', { uid: 'dora', keepReviews: false, reason: null }),
    ]);
    expect(await profile('dora')).toMatchObject({ erased: true, email: null, premium_until: null });
    await spec.apply([
      spec.event('SubscriptionCancelled', {
        uid: 'dora',
        subscriptionId: 'sub_d',
        effectiveAt: '2098-01-01T00:00:00.000Z',
      }),
    ]);
    expect(await profile('dora')).toMatchObject({ erased: true, premium_until: null });
  });

  it('replaces the username on a change and keeps the first registration time', async () => {
    await spec.apply([registered('alice', '2026-03-01T09:00:00.000Z')]);
    await spec.apply([
      spec.event('UsernameSet', { uid: 'alice', username: 'Alice', previous: null }),
      spec.event('UsernameSet', { uid: 'alice', username: 'LabelReader', previous: 'Alice' }),
    ]);

    expect(await profile('alice')).toMatchObject({
      username: 'LabelReader',
      username_lower: 'labelreader',
      registered_at: new Date('2026-03-01T09:00:00.000Z'),
    });
  });

  it('opens the premium window on activation, shortens it on cancellation and closes it on expiry', async () => {
    await spec.apply([
      registered('alice', '2026-03-01T09:00:00.000Z'),
      activated('alice', 'sub_1', '2026-04-01T09:00:00.000Z'),
    ]);
    expect(await profile('alice')).toMatchObject({
      subscription_id: 'sub_1',
      plan: 'monthly',
      provider: 'stripe',
      period_end: new Date('2026-04-01T09:00:00.000Z'),
      cancels_at: null,
      premium_until: new Date('2026-04-01T09:00:00.000Z'),
    });

    await spec.apply([
      spec.event('SubscriptionCancelled', {
        uid: 'alice',
        subscriptionId: 'sub_1',
        effectiveAt: '2026-03-20T00:00:00.000Z',
      }),
    ]);
    expect(await profile('alice')).toMatchObject({
      subscription_id: 'sub_1',
      period_end: new Date('2026-04-01T09:00:00.000Z'),
      cancels_at: new Date('2026-03-20T00:00:00.000Z'),
      premium_until: new Date('2026-03-20T00:00:00.000Z'),
    });

    await spec.apply([spec.event('SubscriptionExpired', { uid: 'alice', subscriptionId: 'sub_1' })]);
    expect(await profile('alice')).toMatchObject({ subscription_id: null, plan: null, premium_until: null });
  });

  it('ignores cancellation and expiry of a subscription that is no longer the current one', async () => {
    await spec.apply([
      registered('alice', '2026-03-01T09:00:00.000Z'),
      activated('alice', 'sub_old', '2026-04-01T09:00:00.000Z'),
      activated('alice', 'sub_new', '2027-03-01T09:00:00.000Z'),
      spec.event('SubscriptionCancelled', {
        uid: 'alice',
        subscriptionId: 'sub_old',
        effectiveAt: '2026-03-05T00:00:00.000Z',
      }),
      spec.event('SubscriptionExpired', { uid: 'alice', subscriptionId: 'sub_old' }),
    ]);

    expect(await profile('alice')).toMatchObject({
      subscription_id: 'sub_new',
      premium_until: new Date('2027-03-01T09:00:00.000Z'),
    });
  });

  it('suspends and reinstates, touching only that user', async () => {
    await spec.apply([
      registered('alice', '2026-03-01T09:00:00.000Z'),
      registered('bob', '2026-03-01T09:01:00.000Z'),
      spec.event('UserSuspended', { uid: 'alice', reason: 'spam reviews' }),
    ]);
    expect((await spec.rows('user_profiles', 'uid')).map((row) => [row.uid, row.suspended])).toEqual([
      ['alice', true],
      ['bob', false],
    ]);

    await spec.apply([spec.event('UserReinstated', { uid: 'alice' })]);
    expect(await profile('alice')).toMatchObject({ suspended: false });
  });

  it('starts a profile from the first event it sees when no registration came before', async () => {
    const first = scan('carol', 7);
    await spec.apply([first]);

    expect(await profile('carol')).toMatchObject({
      email: null,
      username: null,
      scans_total: 1,
      suspended: false,
      registered_at: new Date(first.metadata.at),
    });
  });
});
