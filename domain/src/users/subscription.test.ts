import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../events/catalogue';
import { deciderSpec } from '../testing/decider-spec';
import { changeKey, isPremium, type ActivatedChange, type SubscriptionChange } from './subscription';
import { userDecider } from './user';

const spec = deciderSpec(userDecider);

const uid = 'u1';
const jan = new Date('2026-01-15T10:00:00.000Z');
const feb = new Date('2026-02-15T10:00:00.000Z');
const activated = (subscriptionId: string, periodEnd: Date): ActivatedChange => ({
  type: 'activated',
  uid,
  plan: 'monthly',
  provider: 'stripe',
  subscriptionId,
  paymentId: 'in_1',
  periodEnd,
});

/** Decides and applies a sequence of changes, as the stream would record them. */
function run(changes: SubscriptionChange[], now = new Date('2026-01-01T00:00:00.000Z')) {
  let events: UserEvent[] = [];
  for (const change of changes) {
    const command = { type: 'RecordSubscriptionChange', change, now } as const;
    events = [...events, ...spec.given(events).when(command).events()];
  }
  return { events, state: spec.given(events).state.subscription };
}

describe('subscription decisions', () => {
  it('activates once for a repeated notice of the same period', () => {
    const { events, state } = run([activated('sub_1', jan), activated('sub_1', jan)]);
    expect(events.map((e) => e.type)).toEqual(['SubscriptionActivated']);
    expect(isPremium(state, new Date('2026-01-15T09:59:59.999Z'))).toBe(true);
    expect(isPremium(state, jan)).toBe(false);
    expect(state.current?.periodEnd).toBe(jan.toISOString());
  });

  it('records a renewal into a later period and ignores a stale one', () => {
    const { events, state } = run([
      activated('sub_1', jan),
      activated('sub_1', feb),
      activated('sub_1', jan),
    ]);
    expect(events).toHaveLength(2);
    expect(state.current?.periodEnd).toBe(feb.toISOString());
  });

  it('keeps premium after cancellation until expiry, and cancels only once', () => {
    const cancel: SubscriptionChange = { type: 'cancelled', uid, subscriptionId: 'sub_1', effectiveAt: jan };
    const cancelled = run([activated('sub_1', jan), cancel, cancel]);
    expect(cancelled.events.map((e) => e.type)).toEqual(['SubscriptionActivated', 'SubscriptionCancelled']);
    expect(isPremium(cancelled.state, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(cancelled.state.current?.cancelsAt).toBe(jan.toISOString());

    const expired = run([activated('sub_1', jan), cancel, { type: 'expired', uid, subscriptionId: 'sub_1' }]);
    expect(expired.events.at(-1)?.type).toBe('SubscriptionExpired');
    expect(isPremium(expired.state, new Date('2026-01-01T00:00:00Z'))).toBe(false);
  });

  it('never re-activates an ended subscription from a late payment notice', () => {
    const { events, state } = run([
      activated('sub_1', jan),
      { type: 'expired', uid, subscriptionId: 'sub_1' },
      activated('sub_1', feb),
    ]);
    expect(events.map((e) => e.type)).toEqual(['SubscriptionActivated', 'SubscriptionExpired']);
    expect(isPremium(state, new Date('2026-01-01T00:00:00Z'))).toBe(false);
  });

  it('ignores cancellation and expiry of a subscription that is not the current one', () => {
    const { events, state } = run([
      activated('sub_2', jan),
      { type: 'cancelled', uid, subscriptionId: 'sub_1', effectiveAt: jan },
      { type: 'expired', uid, subscriptionId: 'sub_1' },
    ]);
    expect(events).toHaveLength(1);
    expect(state.current?.subscriptionId).toBe('sub_2');
  });

  it('names a change by what it is, so every report of it gets the same event id', () => {
    expect(changeKey(activated('sub_1', jan))).toBe(
      changeKey({ ...activated('sub_1', jan), paymentId: null }),
    );
    expect(changeKey(activated('sub_1', jan))).not.toBe(changeKey(activated('sub_1', feb)));
  });
});

describe('one open subscription per user (#19.2)', () => {
  const now = new Date('2026-01-01T00:00:00.000Z');

  it('ignores the activation of a second subscription while the first renews', () => {
    const { events, state } = run([activated('sub_1', jan), activated('sub_2', jan)], now);
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ subscriptionId: 'sub_1' })]);
    expect(state.current?.subscriptionId).toBe('sub_1');
  });

  it('lets a new one start once the current one is cancelled or over', () => {
    const cancelled = run(
      [
        activated('sub_1', jan),
        { type: 'cancelled', uid, subscriptionId: 'sub_1', effectiveAt: jan },
        activated('sub_2', feb),
      ],
      now,
    );
    expect(cancelled.state.current?.subscriptionId).toBe('sub_2');
    const over = run(
      [activated('sub_1', jan), activated('sub_2', feb)],
      new Date('2026-01-20T00:00:00.000Z'),
    );
    expect(over.state.current?.subscriptionId).toBe('sub_2');
  });
});

describe('membership requests (#19.2)', () => {
  const request = (requestId: string, now: Date, plan: 'monthly' | 'yearly' = 'monthly') =>
    ({ type: 'RequestSubscription', uid, plan, requestId, now }) as const;
  const t0 = new Date('2026-01-01T10:00:00.000Z');

  it('records the first request; another of the same plan within 30 minutes reuses it', () => {
    const first = spec.given().when(request('r1', t0));
    expect(first.events()).toEqual([
      {
        type: 'SubscriptionRequested',
        data: { uid, plan: 'monthly', requestId: 'r1', at: t0.toISOString() },
      },
    ]);
    const recorded = first.events();
    expect(
      spec
        .given(recorded)
        .when(request('r2', new Date('2026-01-01T10:29:00.000Z')))
        .events(),
    ).toEqual([]);
    expect(spec.given(recorded).state.pendingRequest?.requestId).toBe('r1');
    expect(
      spec
        .given(recorded)
        .when(request('r3', t0, 'yearly'))
        .events(),
    ).toHaveLength(1);
    expect(
      spec
        .given(recorded)
        .when(request('r4', new Date('2026-01-01T10:31:00.000Z')))
        .events(),
    ).toHaveLength(1);
  });

  it('refuses a member (409 ALREADY_PREMIUM)', () => {
    const member = spec.given([
      {
        type: 'SubscriptionActivated',
        data: {
          uid,
          plan: 'monthly',
          provider: 'test',
          subscriptionId: 's',
          paymentId: null,
          periodEnd: jan.toISOString(),
        },
      },
    ]);
    member
      .when(request('r1', t0))
      .thenRefuses('ALREADY_PREMIUM', { kind: 'conflict', message: 'You already have Premium.' });
  });
});
