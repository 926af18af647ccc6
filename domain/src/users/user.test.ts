import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultPreferences, type Preferences } from '../contracts/preferences';
import type { UserEvent } from '../events/catalogue';
import { deciderSpec } from '../../testing/decider-spec';
import { monthOf, SCAN_LIMIT_MESSAGE, scansThisMonth } from './scan-allowance';
import { isPremium } from './subscription';
import { userDecider, type RecordScan } from './user';
import { newUser, userPremiumUntil } from './user-document';

const uid = 'u1';
const at = (iso: string) => new Date(iso);
const spec = deciderSpec(userDecider);

const scan = (now: Date, scanLimit = 10): RecordScan => ({
  type: 'RecordScan',
  uid,
  productId: 1,
  scannedAt: now.toISOString(),
  now,
  scanLimit,
});

const scanned = (month: string, count: number): UserEvent[] =>
  Array.from({ length: count }, () => ({
    type: 'ScanRecorded',
    data: { uid, productId: 1, scannedAt: `${month}-10T12:00:00.000Z`, month },
  }));

const activated = (periodEnd: string, subscriptionId = 'sub_1'): UserEvent => ({
  type: 'SubscriptionActivated',
  data: { uid, plan: 'monthly', provider: 'test', subscriptionId, paymentId: null, periodEnd },
});

describe('monthOf', () => {
  it('is the UTC calendar month, whatever the local offset of the instant', () => {
    expect(monthOf(at('2026-01-31T23:59:59.999Z'))).toBe('2026-01');
    expect(monthOf(at('2026-02-01T00:00:00.000Z'))).toBe('2026-02');
    expect(monthOf(at('2026-02-01T00:30:00.000+01:00'))).toBe('2026-01');
  });
});

describe('scan allowance', () => {
  const now = at('2026-03-10T12:00:00.000Z');

  it('records a barcode lookup whatever is left, and counts none of them against the allowance', () => {
    const lookup = {
      type: 'RecordLookup' as const,
      uid,
      productId: 3,
      barcode: '5000159461122',
      lookedUpAt: now.toISOString(),
      now,
    };
    const full = spec.given(scanned('2026-03', 10));
    full.when(lookup).then([
      {
        type: 'ProductLookedUp',
        data: { uid, productId: 3, barcode: '5000159461122', lookedUpAt: now.toISOString() },
      },
    ]);
    const looked = spec.given([...scanned('2026-03', 9), ...full.when(lookup).events()]);
    expect(scansThisMonth(looked.state, now)).toBe(9);
    expect(looked.when(scan(now)).events()).toHaveLength(1);
  });

  it('allows exactly scanLimit scans in a month, then refuses with the spec message', () => {
    expect(spec.given(scanned('2026-03', 9)).when(scan(now)).events()).toHaveLength(1);
    const full = spec.given(scanned('2026-03', 10));
    expect(scansThisMonth(full.state, now)).toBe(10);
    full
      .when(scan(now))
      .thenRefuses('SCAN_LIMIT_REACHED', { kind: 'forbidden', message: SCAN_LIMIT_MESSAGE });
  });

  it('stamps the month from the server clock, not from the client scannedAt', () => {
    spec
      .given()
      .when({ ...scan(now), productId: 7, scannedAt: '2026-02-27T23:00:00.000Z' })
      .then([
        {
          type: 'ScanRecorded',
          data: { uid, productId: 7, scannedAt: '2026-02-27T23:00:00.000Z', month: '2026-03' },
        },
      ]);
  });

  it('takes a scannedAt up to 5 minutes ahead (clock skew) or 31 days back (offline), nothing beyond', () => {
    const recorded = (scannedAt: string) =>
      spec
        .given()
        .when({ ...scan(now), scannedAt })
        .events();
    expect(recorded('2026-03-10T12:04:59.000Z')).toHaveLength(1);
    expect(recorded('2026-02-07T12:00:01.000Z')).toHaveLength(1);
    spec
      .given()
      .when({ ...scan(now), scannedAt: '9999-12-31T00:00:00.000Z' })
      .thenRefuses('VALIDATION_ERROR', { kind: 'invalid', message: 'scannedAt: must not be in the future' });
    spec
      .given()
      .when({ ...scan(now), scannedAt: '2026-02-07T11:59:59.000Z' })
      .thenRefuses('VALIDATION_ERROR', {
        kind: 'invalid',
        message: 'scannedAt: must be within the last 31 days',
      });
  });

  it('starts afresh at the first instant of the next UTC month', () => {
    const full = spec.given(scanned('2026-03', 10));
    full.when(scan(at('2026-03-31T23:59:59.999Z'))).thenRefuses('SCAN_LIMIT_REACHED');
    const april = at('2026-04-01T00:00:00.000Z');
    expect(scansThisMonth(full.state, april)).toBe(0);
    expect(scansThisMonth(full.when(scan(april)).state(), april)).toBe(1);
  });

  it('honours a limit of zero and any configured limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), (limit) => {
        let history: UserEvent[] = [];
        for (let i = 0; i < limit + 3; i++) {
          try {
            history = [...history, ...spec.given(history).when(scan(now, limit)).events()];
          } catch {
            /* refused */
          }
        }
        expect(history).toHaveLength(limit);
      }),
    );
  });

  it('never limits a premium user while the period lasts', () => {
    const premium = [activated('2026-04-01T00:00:00.000Z'), ...scanned('2026-03', 25)];
    expect(spec.given(premium).when(scan(now)).events()).toHaveLength(1);
  });
});

describe('premium window', () => {
  const end = '2026-05-01T00:00:00.000Z';
  const stateAfter = (events: UserEvent[]) => spec.given(events).state;

  it('lasts until the period end, exclusive', () => {
    const state = stateAfter([activated(end)]);
    expect(isPremium(state.subscription, at('2026-04-30T23:59:59.999Z'))).toBe(true);
    expect(isPremium(state.subscription, at(end))).toBe(false);
    expect(isPremium(newUser.subscription, at('2026-04-01T00:00:00.000Z'))).toBe(false);
  });

  it('keeps premium after a cancellation until it takes effect', () => {
    const state = stateAfter([
      activated(end),
      {
        type: 'SubscriptionCancelled',
        data: { uid, subscriptionId: 'sub_1', effectiveAt: '2026-04-20T00:00:00.000Z' },
      },
    ]);
    expect(isPremium(state.subscription, at('2026-04-19T23:59:59.000Z'))).toBe(true);
    expect(isPremium(state.subscription, at('2026-04-20T00:00:00.000Z'))).toBe(false);
  });

  it('ends at once on expiry, and ignores events about another subscription', () => {
    const expired = stateAfter([
      activated(end),
      { type: 'SubscriptionExpired', data: { uid, subscriptionId: 'sub_1' } },
    ]);
    expect(isPremium(expired.subscription, at('2026-04-01T00:00:00.000Z'))).toBe(false);
    const other = stateAfter([
      activated(end, 'sub_2'),
      { type: 'SubscriptionExpired', data: { uid, subscriptionId: 'sub_1' } },
      {
        type: 'SubscriptionCancelled',
        data: { uid, subscriptionId: 'sub_1', effectiveAt: '2026-04-02T00:00:00.000Z' },
      },
    ]);
    expect(isPremium(other.subscription, at('2026-04-15T00:00:00.000Z'))).toBe(true);
  });

  it('renews with a later activation', () => {
    const state = stateAfter([activated(end), activated('2026-06-01T00:00:00.000Z')]);
    expect(isPremium(state.subscription, at('2026-05-15T00:00:00.000Z'))).toBe(true);
  });
});

describe('preferences', () => {
  const now = at('2026-03-10T12:00:00.000Z');
  const withAlert = (prefs: Preferences, noNuts: boolean): Preferences => ({
    ...prefs,
    premiumAlerts: { ...prefs.premiumAlerts, noNuts },
  });
  const change = (preferences: Preferences) => ({
    type: 'ChangePreferences' as const,
    uid,
    preferences,
    now,
  });

  it('records a change of the standard toggles for anyone, and nothing when unchanged', () => {
    const prefs = { ...defaultPreferences, noPalmOil: true };
    spec
      .given()
      .when(change(prefs))
      .then([{ type: 'PreferencesChanged', data: { uid, preferences: prefs } }]);
    spec.given().when(change(defaultPreferences)).then([]);
  });

  it('refuses a premium alert change from a free user, but accepts unchanged alerts', () => {
    spec
      .given()
      .when(change(withAlert(defaultPreferences, true)))
      .thenRefuses('PREMIUM_REQUIRED', { kind: 'forbidden' });
    const lapsed = spec.given([
      { type: 'PreferencesChanged', data: { uid, preferences: withAlert(defaultPreferences, true) } },
    ]);
    const edit = { ...withAlert(defaultPreferences, true), organic: true };
    lapsed.when(change(edit)).then([{ type: 'PreferencesChanged', data: { uid, preferences: edit } }]);
  });

  it('lets a premium user change the alerts', () => {
    const alerts = withAlert(defaultPreferences, true);
    spec
      .given([activated('2026-04-01T00:00:00.000Z')])
      .when(change(alerts))
      .then([{ type: 'PreferencesChanged', data: { uid, preferences: alerts } }]);
  });
});

describe('username', () => {
  const setUsername = (username: string) => ({ type: 'SetUsername' as const, uid, username });

  it('records the previous name, and nothing when it is the same', () => {
    const first: UserEvent = { type: 'UsernameSet', data: { uid, username: 'Alice', previous: null } };
    spec.given().when(setUsername('Alice')).then([first]);
    spec.given([first]).when(setUsername('Alice')).then([]);
    spec
      .given([first])
      .when(setUsername('alice'))
      .then([{ type: 'UsernameSet', data: { uid, username: 'alice', previous: 'Alice' } }]);
  });
});

describe('administration', () => {
  const now = at('2026-03-10T12:00:00Z');
  const later = at('2026-06-01T00:00:00Z');
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: { uid, email: 'a@example.test', emailVerified: true, displayName: null, provider: 'password' },
  };
  const grant = {
    type: 'GrantPremium' as const,
    uid,
    plan: 'monthly' as const,
    periodEnd: later,
    now,
    newSubscriptionId: 'admin-new',
  };
  const granted: UserEvent = {
    type: 'SubscriptionActivated',
    data: {
      uid,
      plan: 'monthly',
      provider: 'admin',
      subscriptionId: 'admin-new',
      paymentId: null,
      periodEnd: later.toISOString(),
    },
  };
  const revoke = (at: Date) => ({ type: 'RevokePremium' as const, uid, now: at });

  it('suspends with a reason and reinstates; repeating either decides nothing', () => {
    const suspended: UserEvent = { type: 'UserSuspended', data: { uid, reason: 'Abusive reviews' } };
    spec.given([registered]).when({ type: 'SuspendUser', uid, reason: 'Abusive reviews' }).then([suspended]);
    const state = spec.given([registered, suspended]);
    expect(state.state.suspensionReason).toBe('Abusive reviews');
    state.when({ type: 'SuspendUser', uid, reason: 'again' }).then([]);
    state.when({ type: 'ReinstateUser', uid }).then([{ type: 'UserReinstated', data: { uid } }]);
    spec.given([registered]).when({ type: 'ReinstateUser', uid }).then([]);
  });

  it('refuses users who never registered', () => {
    spec
      .given()
      .when({ type: 'SuspendUser', uid: 'x', reason: 'r' })
      .thenRefuses('USER_NOT_FOUND', { kind: 'not_found', message: 'User not found' });
  });

  it('grants Premium as an admin subscription with a future period end, extending an existing grant', () => {
    spec.given([registered]).when(grant).then([granted]);
    const [extended] = spec
      .given([registered, granted])
      .when({ ...grant, periodEnd: at('2026-09-01T00:00:00Z'), newSubscriptionId: 'other' })
      .events();
    expect(extended).toMatchObject({
      data: { subscriptionId: 'admin-new', periodEnd: '2026-09-01T00:00:00.000Z' },
    });
    spec
      .given([registered])
      .when({ ...grant, periodEnd: now })
      .thenRefuses('PERIOD_END_PAST', { kind: 'invalid' });
  });

  it('leaves paid memberships to their provider', () => {
    const paid: UserEvent = {
      type: 'SubscriptionActivated',
      data: {
        uid,
        plan: 'yearly',
        provider: 'stripe',
        subscriptionId: 'sub_1',
        paymentId: 'in_1',
        periodEnd: later.toISOString(),
      },
    };
    expect(spec.given([registered, paid]).when(grant).thenRefuses('PAID_SUBSCRIPTION').message).toMatch(
      'already pays',
    );
    expect(spec.given([registered, paid]).when(revoke(now)).thenRefuses('PAID_SUBSCRIPTION').message).toMatch(
      'paid',
    );
  });

  it('revokes an admin grant at once, and refuses when there is no Premium', () => {
    spec
      .given([registered, granted])
      .when(revoke(now))
      .then([{ type: 'SubscriptionExpired', data: { uid, subscriptionId: 'admin-new' } }]);
    spec.given([registered]).when(revoke(now)).thenRefuses('NOT_PREMIUM', { kind: 'conflict' });
    spec
      .given([registered, granted])
      .when(revoke(at('2026-07-01T00:00:00Z')))
      .thenRefuses('NOT_PREMIUM');
  });
});

describe('erasure', () => {
  const now = at('2026-03-10T12:00:00.000Z');
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: { uid, email: 'a@example.com', emailVerified: true, displayName: 'A', provider: 'password' },
  };
  const erase = { type: 'EraseUser' as const, uid, keepReviews: true, reason: null };
  const erased: UserEvent = { type: 'UserErased', data: { uid, keepReviews: true, reason: null } };

  it('records the erasure once, forgetting who the user was', () => {
    spec.given([registered]).when(erase).then([erased]);
    spec.given([registered, erased]).when(erase).then([]);
    expect(spec.given([registered, erased]).state).toMatchObject({
      erased: true,
      email: null,
      displayName: null,
    });
  });

  it('refuses to erase a uid it never saw: 404, nothing recorded', () => {
    spec.given([]).when(erase).thenRefuses('USER_NOT_FOUND', { kind: 'not_found' });
  });

  it('ends Premium for the read models: a deleted account is never Premium', () => {
    const paid = spec.given([registered, activated('2099-01-01T00:00:00.000Z')]).state;
    expect(userPremiumUntil(paid)).toBe('2099-01-01T00:00:00.000Z');
    expect(
      userPremiumUntil(spec.given([registered, activated('2099-01-01T00:00:00.000Z'), erased]).state),
    ).toBeNull();
  });

  it('refuses every later command but the provider reporting a subscription change', () => {
    spec.given([registered, erased]).when(scan(now)).thenRefuses('ACCOUNT_DELETED', { kind: 'not_found' });
    const ended = { type: 'expired', uid, subscriptionId: 'sub_1' } as const;
    expect(
      spec
        .given([registered, activated('2026-04-01T00:00:00.000Z'), erased])
        .when({ type: 'RecordSubscriptionChange', change: ended, now })
        .events(),
    ).toHaveLength(1);
  });
});
