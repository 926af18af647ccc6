import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../events/catalogue';
import type { Plan } from '../events/user-events';
import { deciderSpec } from '../../testing/decider-spec';
import {
  changeKey,
  isPremium,
  mayBeMembership,
  providerCorrection,
  type ActivatedChange,
  type SubscriptionChange,
} from './subscription';
import { userDecider } from './user';

const spec = deciderSpec(userDecider);

const uid = 'u1';
const jan = new Date('2026-01-15T10:00:00.000Z');
const feb = new Date('2026-02-15T10:00:00.000Z');
const activated = (
  subscriptionId: string,
  periodEnd: Date,
  requestId: string | null = 'r1',
  paymentId: string | null = 'in_1',
): ActivatedChange => ({
  type: 'activated',
  uid,
  plan: 'monthly',
  provider: 'stripe',
  subscriptionId,
  requestId,
  paymentId,
  periodEnd,
});
/** A membership request, as create-subscription asks for one. */
const request = (requestId: string, plan: Plan = 'monthly') => ({ request: requestId, plan });

/** Decides and applies a sequence of requests and changes, as the stream would record them. */
function run(
  steps: Array<SubscriptionChange | ReturnType<typeof request>>,
  now = new Date('2026-01-01T00:00:00.000Z'),
) {
  let events: UserEvent[] = [];
  for (const step of steps) {
    const command =
      'request' in step
        ? ({ type: 'RequestSubscription', uid, plan: step.plan, requestId: step.request, now } as const)
        : ({ type: 'RecordSubscriptionChange', change: step, now } as const);
    events = [...events, ...spec.given(events).when(command).events()];
  }
  return { events, state: spec.given(events).state.subscription };
}

const types = (events: UserEvent[]) => events.map((e) => e.type).filter((t) => t !== 'SubscriptionRequested');

describe('subscription decisions', () => {
  it('activates once for a repeated notice of the same period', () => {
    const { events, state } = run([request('r1'), activated('sub_1', jan), activated('sub_1', jan)]);
    expect(types(events)).toEqual(['SubscriptionActivated']);
    expect(isPremium(state, new Date('2026-01-15T09:59:59.999Z'))).toBe(true);
    expect(isPremium(state, jan)).toBe(false);
    expect(state.current?.periodEnd).toBe(jan.toISOString());
  });

  it('records a renewal into a later period and ignores a stale one', () => {
    const { events, state } = run([
      request('r1'),
      activated('sub_1', jan),
      activated('sub_1', feb, 'r1', null),
      activated('sub_1', jan),
    ]);
    expect(types(events)).toEqual(['SubscriptionActivated', 'SubscriptionActivated']);
    expect(state.current?.periodEnd).toBe(feb.toISOString());
  });

  it('keeps premium after cancellation until expiry, and cancels only once', () => {
    const cancel: SubscriptionChange = { type: 'cancelled', uid, subscriptionId: 'sub_1', effectiveAt: jan };
    const cancelled = run([request('r1'), activated('sub_1', jan), cancel, cancel]);
    expect(types(cancelled.events)).toEqual(['SubscriptionActivated', 'SubscriptionCancelled']);
    expect(isPremium(cancelled.state, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(cancelled.state.current?.cancelsAt).toBe(jan.toISOString());

    const expired = run([
      request('r1'),
      activated('sub_1', jan),
      cancel,
      { type: 'expired', uid, subscriptionId: 'sub_1' },
    ]);
    expect(expired.events.at(-1)?.type).toBe('SubscriptionExpired');
    expect(isPremium(expired.state, new Date('2026-01-01T00:00:00Z'))).toBe(false);
  });

  it('never re-activates an ended subscription from a late payment notice', () => {
    const { events, state } = run([
      request('r1'),
      activated('sub_1', jan),
      { type: 'expired', uid, subscriptionId: 'sub_1' },
      activated('sub_1', feb),
    ]);
    expect(types(events)).toEqual(['SubscriptionActivated', 'SubscriptionExpired']);
    expect(isPremium(state, new Date('2026-01-01T00:00:00Z'))).toBe(false);
  });

  it('ignores cancellation and expiry of a subscription that is not the current one', () => {
    const { events, state } = run([
      request('r1'),
      activated('sub_2', jan),
      { type: 'cancelled', uid, subscriptionId: 'sub_1', effectiveAt: jan },
      { type: 'expired', uid, subscriptionId: 'sub_1' },
    ]);
    expect(types(events)).toEqual(['SubscriptionActivated']);
    expect(state.current?.subscriptionId).toBe('sub_2');
  });

  it('names a change by what it is, so every report of it gets the same event id', () => {
    expect(changeKey(activated('sub_1', jan))).toBe(
      changeKey({ ...activated('sub_1', jan), paymentId: null }),
    );
    expect(changeKey(activated('sub_1', jan))).not.toBe(changeKey(activated('sub_1', feb)));
  });
});

describe('one open subscription per user (#37)', () => {
  const now = new Date('2026-01-01T00:00:00.000Z');
  const refunded = (subscriptionId: string, paymentId: string) => ({
    type: 'SubscriptionPaymentRefunded',
    data: { uid, provider: 'stripe', subscriptionId, paymentId },
  });

  it('a payment for a replaced request is refunded once, and the replacing request can still be paid', () => {
    const replaced = run([request('r1'), request('r2', 'yearly'), activated('sub_1', jan, 'r1', 'in_1')]);
    expect(types(replaced.events)).toEqual(['SubscriptionPaymentRefunded']);
    expect(replaced.events.at(-1)).toEqual(refunded('sub_1', 'in_1'));
    expect(isPremium(replaced.state, now)).toBe(false);
    expect(replaced.state.ended.has('sub_1')).toBe(true);

    const reported = spec.given(replaced.events);
    const again = { type: 'RecordSubscriptionChange', change: activated('sub_1', jan, 'r1'), now } as const;
    reported.when(again).then([]);
    expect(providerCorrection(reported.state.subscription, again.change, now)).toBeNull();
    const second = reported
      .when({ type: 'RecordSubscriptionChange', change: activated('sub_2', jan, 'r2', 'in_2'), now })
      .events();
    expect(second.map((e) => e.type)).toEqual(['SubscriptionActivated']);
  });

  it('a payment for a second subscription while one gives Premium is refunded, whatever it answers', () => {
    const { events, state } = run(
      [
        request('r1'),
        activated('sub_1', jan),
        activated('sub_2', jan, 'r1', 'in_2'),
        activated('sub_3', jan, 'r9', 'in_3'),
        activated('sub_4', jan, null, 'in_4'),
      ],
      now,
    );
    expect(events.slice(2)).toEqual([
      refunded('sub_2', 'in_2'),
      refunded('sub_3', 'in_3'),
      refunded('sub_4', 'in_4'),
    ]);
    expect(state.current?.subscriptionId).toBe('sub_1');
  });

  it('a renewal of anything but the current subscription never activates, even once the current one is cancelled or over', () => {
    const orphanRenews = activated('sub_1', feb, 'r1', null);
    const cancelled = run(
      [
        request('r1'),
        request('r2', 'yearly'),
        activated('sub_2', jan, 'r2', 'in_2'),
        { type: 'cancelled', uid, subscriptionId: 'sub_2', effectiveAt: jan },
        orphanRenews,
      ],
      now,
    );
    expect(types(cancelled.events)).toEqual(['SubscriptionActivated', 'SubscriptionCancelled']);
    // Nothing was taken: the orphan is only cancelled at the provider.
    expect(providerCorrection(cancelled.state, orphanRenews, now)).toEqual({ cancel: 'sub_1', refund: null });

    const after = new Date('2026-01-20T00:00:00.000Z');
    const over = run([request('r1'), request('r2'), activated('sub_2', jan, 'r2'), orphanRenews], after);
    expect(types(over.events)).toEqual(['SubscriptionActivated']);
    expect(isPremium(over.state, after)).toBe(false);
  });

  it('an admin grant closes the pending request', () => {
    const granted: UserEvent = {
      type: 'SubscriptionActivated',
      data: {
        uid,
        plan: 'yearly',
        provider: 'admin',
        subscriptionId: 'admin-1',
        paymentId: null,
        periodEnd: feb.toISOString(),
      },
    };
    const given = spec.given([...run([request('r1')]).events, granted]);
    given
      .when({ type: 'RecordSubscriptionChange', change: activated('sub_1', jan), now })
      .then([refunded('sub_1', 'in_1') as UserEvent]);
  });

  it('asks the provider for nothing about the membership, the pending request or an ended subscription', () => {
    const { state } = run(
      [request('r1'), activated('sub_1', jan), request('r2')],
      new Date('2026-01-20T00:00:00.000Z'),
    );
    const later = new Date('2026-01-20T00:00:00.000Z');
    expect(providerCorrection(state, activated('sub_1', feb, 'r1', 'in_9'), later)).toBeNull();
    expect(providerCorrection(state, activated('sub_2', feb, 'r2', 'in_2'), later)).toBeNull();
    expect(providerCorrection(state, activated('sub_0', feb, 'r1', 'in_0'), later)).toEqual({
      cancel: 'sub_0',
      refund: 'in_0',
    });
    const { state: ended } = run([
      request('r1'),
      activated('sub_1', jan),
      { type: 'expired', uid, subscriptionId: 'sub_1' },
    ]);
    expect(providerCorrection(ended, activated('sub_1', feb, 'r1', 'in_1'), now)).toBeNull();
  });

  it('leaves alone a subscription for a request newer than what it knows, unless Premium comes from elsewhere', () => {
    const { state } = run([request('r1')]);
    expect(mayBeMembership(state, { subscriptionId: 'sub_new', requestId: 'r-newer' }, now)).toBe(true);
    expect(mayBeMembership(state, { subscriptionId: 'sub_x', requestId: null }, now)).toBe(false);
    const member = run([request('r1'), activated('sub_1', jan)]).state;
    expect(mayBeMembership(member, { subscriptionId: 'sub_new', requestId: 'r-newer' }, now)).toBe(false);
    expect(mayBeMembership(member, { subscriptionId: 'sub_1', requestId: 'r1' }, now)).toBe(true);
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
    expect(spec.given(recorded).state.subscription.pendingRequest?.requestId).toBe('r1');
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
