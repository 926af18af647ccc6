import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultPreferences, type Preferences } from '../contracts/preferences';
import type { DomainEvent } from '../events/catalogue';
import { DomainError } from '../errors';
import {
  decideChangePreferences,
  decideRecordScan,
  decideSetUsername,
  evolveUser,
  isPremiumAt,
  monthOf,
  newUser,
  SCAN_LIMIT_MESSAGE,
  scansThisMonth,
  type UserState,
} from './user';

const uid = 'u1';
const at = (iso: string) => new Date(iso);
const fold = (events: DomainEvent[], state: UserState = newUser) => events.reduce(evolveUser, state);

function scan(state: UserState, now: Date, scanLimit = 10): UserState {
  return fold(
    decideRecordScan(state, { uid, productId: 1, scannedAt: now.toISOString(), now, scanLimit }),
    state,
  );
}

function scanTimes(count: number, now: Date, state: UserState = newUser): UserState {
  for (let i = 0; i < count; i++) state = scan(state, now);
  return state;
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

const activated = (periodEnd: string, subscriptionId = 'sub_1'): DomainEvent => ({
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

  it('allows exactly scanLimit scans in a month, then refuses with the spec message', () => {
    const full = scanTimes(10, now);
    expect(scansThisMonth(full, now)).toBe(10);
    expect(refusal(() => scan(full, now))).toEqual({
      kind: 'forbidden',
      code: 'SCAN_LIMIT_REACHED',
      message: SCAN_LIMIT_MESSAGE,
    });
  });

  it('stamps the month from the server clock, not from the client scannedAt', () => {
    const [event] = decideRecordScan(newUser, {
      uid,
      productId: 7,
      scannedAt: '2020-01-01T00:00:00.000Z',
      now,
      scanLimit: 10,
    });
    expect(event).toEqual({
      type: 'ScanRecorded',
      data: { uid, productId: 7, scannedAt: '2020-01-01T00:00:00.000Z', month: '2026-03' },
    });
  });

  it('starts afresh at the first instant of the next UTC month', () => {
    const full = scanTimes(10, at('2026-03-31T23:59:59.999Z'));
    expect(() => scan(full, at('2026-03-31T23:59:59.999Z'))).toThrow(SCAN_LIMIT_MESSAGE);
    const april = at('2026-04-01T00:00:00.000Z');
    expect(scansThisMonth(full, april)).toBe(0);
    expect(scansThisMonth(scan(full, april), april)).toBe(1);
  });

  it('honours a limit of zero and any configured limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), (limit) => {
        let state = newUser;
        let recorded = 0;
        for (let i = 0; i < limit + 3; i++) {
          try {
            state = scan(state, now, limit);
            recorded++;
          } catch {
            /* refused */
          }
        }
        expect(recorded).toBe(limit);
      }),
    );
  });

  it('never limits a premium user while the period lasts', () => {
    const premium = fold([activated('2026-04-01T00:00:00.000Z')]);
    expect(scansThisMonth(scanTimes(25, now, premium), now)).toBe(25);
  });
});

describe('premium window', () => {
  const end = '2026-05-01T00:00:00.000Z';

  it('lasts until the period end, exclusive', () => {
    const state = fold([activated(end)]);
    expect(isPremiumAt(state, at('2026-04-30T23:59:59.999Z'))).toBe(true);
    expect(isPremiumAt(state, at(end))).toBe(false);
    expect(isPremiumAt(newUser, at('2026-04-01T00:00:00.000Z'))).toBe(false);
  });

  it('keeps premium after a cancellation until it takes effect', () => {
    const state = fold([
      activated(end),
      {
        type: 'SubscriptionCancelled',
        data: { uid, subscriptionId: 'sub_1', effectiveAt: '2026-04-20T00:00:00.000Z' },
      },
    ]);
    expect(isPremiumAt(state, at('2026-04-19T23:59:59.000Z'))).toBe(true);
    expect(isPremiumAt(state, at('2026-04-20T00:00:00.000Z'))).toBe(false);
  });

  it('ends at once on expiry, and ignores events about another subscription', () => {
    const expired = fold([
      activated(end),
      { type: 'SubscriptionExpired', data: { uid, subscriptionId: 'sub_1' } },
    ]);
    expect(isPremiumAt(expired, at('2026-04-01T00:00:00.000Z'))).toBe(false);
    const other = fold([
      activated(end, 'sub_2'),
      { type: 'SubscriptionExpired', data: { uid, subscriptionId: 'sub_1' } },
      {
        type: 'SubscriptionCancelled',
        data: { uid, subscriptionId: 'sub_1', effectiveAt: '2026-04-02T00:00:00.000Z' },
      },
    ]);
    expect(isPremiumAt(other, at('2026-04-15T00:00:00.000Z'))).toBe(true);
  });

  it('renews with a later activation', () => {
    const state = fold([activated(end), activated('2026-06-01T00:00:00.000Z')]);
    expect(isPremiumAt(state, at('2026-05-15T00:00:00.000Z'))).toBe(true);
  });
});

describe('preferences', () => {
  const now = at('2026-03-10T12:00:00.000Z');
  const withAlert = (prefs: Preferences, noNuts: boolean): Preferences => ({
    ...prefs,
    premiumAlerts: { ...prefs.premiumAlerts, noNuts },
  });

  it('records a change of the standard toggles for anyone, and nothing when unchanged', () => {
    const prefs = { ...defaultPreferences, noPalmOil: true };
    expect(decideChangePreferences(newUser, { uid, preferences: prefs, now })).toEqual([
      { type: 'PreferencesChanged', data: { uid, preferences: prefs } },
    ]);
    expect(decideChangePreferences(newUser, { uid, preferences: defaultPreferences, now })).toEqual([]);
  });

  it('refuses a premium alert change from a free user, but accepts unchanged alerts', () => {
    expect(
      refusal(() =>
        decideChangePreferences(newUser, { uid, preferences: withAlert(defaultPreferences, true), now }),
      ),
    ).toMatchObject({
      kind: 'forbidden',
      code: 'PREMIUM_REQUIRED',
    });
    const lapsed = fold([
      { type: 'PreferencesChanged', data: { uid, preferences: withAlert(defaultPreferences, true) } },
    ]);
    const edit = { ...withAlert(defaultPreferences, true), organic: true };
    expect(decideChangePreferences(lapsed, { uid, preferences: edit, now })).toHaveLength(1);
  });

  it('lets a premium user change the alerts', () => {
    const premium = fold([activated('2026-04-01T00:00:00.000Z')]);
    expect(
      decideChangePreferences(premium, { uid, preferences: withAlert(defaultPreferences, true), now }),
    ).toHaveLength(1);
  });
});

describe('username', () => {
  it('records the previous name, and nothing when it is the same', () => {
    const first = decideSetUsername(newUser, { uid, username: 'Alice' });
    expect(first).toEqual([{ type: 'UsernameSet', data: { uid, username: 'Alice', previous: null } }]);
    const state = fold(first);
    expect(decideSetUsername(state, { uid, username: 'Alice' })).toEqual([]);
    expect(decideSetUsername(state, { uid, username: 'alice' })).toEqual([
      { type: 'UsernameSet', data: { uid, username: 'alice', previous: 'Alice' } },
    ]);
  });
});
