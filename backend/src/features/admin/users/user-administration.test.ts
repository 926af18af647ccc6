import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@labelwise/domain';
import {
  decideGrantPremium,
  decideReinstatement,
  decideRevokePremium,
  decideSuspension,
  evolveAdministeredUser,
  unknownUser,
} from './user-administration';

const now = new Date('2026-03-10T12:00:00Z');
const later = new Date('2026-06-01T00:00:00Z');
const registered: DomainEvent = {
  type: 'UserRegistered',
  data: { uid: 'u1', email: 'a@example.test', emailVerified: true, displayName: null, provider: 'password' },
};
const fold = (...events: DomainEvent[]) =>
  [registered, ...events].reduce(evolveAdministeredUser, unknownUser);
const grant = { uid: 'u1', plan: 'monthly' as const, periodEnd: later, now, newSubscriptionId: 'admin-new' };

describe('user administration', () => {
  it('suspends with a reason and reinstates; repeating either decides nothing', () => {
    const [suspended] = decideSuspension(fold(), { uid: 'u1', reason: 'Abusive reviews' });
    expect(suspended).toEqual({ type: 'UserSuspended', data: { uid: 'u1', reason: 'Abusive reviews' } });
    const state = fold(suspended!);
    expect(state.suspensionReason).toBe('Abusive reviews');
    expect(decideSuspension(state, { uid: 'u1', reason: 'again' })).toEqual([]);
    expect(decideReinstatement(state, { uid: 'u1' })).toEqual([
      { type: 'UserReinstated', data: { uid: 'u1' } },
    ]);
    expect(decideReinstatement(fold(), { uid: 'u1' })).toEqual([]);
  });

  it('refuses users who never registered', () => {
    expect(() => decideSuspension(unknownUser, { uid: 'x', reason: 'r' })).toThrow('User not found');
  });

  it('grants Premium as an admin subscription with a future period end, extending an existing grant', () => {
    const [activated] = decideGrantPremium(fold(), grant);
    expect(activated).toEqual({
      type: 'SubscriptionActivated',
      data: {
        uid: 'u1',
        plan: 'monthly',
        provider: 'admin',
        subscriptionId: 'admin-new',
        paymentId: null,
        periodEnd: later.toISOString(),
      },
    });
    const [extended] = decideGrantPremium(fold(activated!), {
      ...grant,
      periodEnd: new Date('2026-09-01T00:00:00Z'),
      newSubscriptionId: 'other',
    });
    expect(extended).toMatchObject({
      data: { subscriptionId: 'admin-new', periodEnd: '2026-09-01T00:00:00.000Z' },
    });
    expect(() => decideGrantPremium(fold(), { ...grant, periodEnd: now })).toThrow('future');
  });

  it('leaves paid memberships to their provider', () => {
    const paid: DomainEvent = {
      type: 'SubscriptionActivated',
      data: {
        uid: 'u1',
        plan: 'yearly',
        provider: 'stripe',
        subscriptionId: 'sub_1',
        paymentId: 'in_1',
        periodEnd: later.toISOString(),
      },
    };
    expect(() => decideGrantPremium(fold(paid), grant)).toThrow('already pays');
    expect(() => decideRevokePremium(fold(paid), { uid: 'u1', now })).toThrow('paid');
  });

  it('revokes an admin grant at once, and refuses when there is no Premium', () => {
    const [activated] = decideGrantPremium(fold(), grant);
    expect(decideRevokePremium(fold(activated!), { uid: 'u1', now })).toEqual([
      { type: 'SubscriptionExpired', data: { uid: 'u1', subscriptionId: 'admin-new' } },
    ]);
    expect(() => decideRevokePremium(fold(), { uid: 'u1', now })).toThrow('does not have Premium');
    expect(() =>
      decideRevokePremium(fold(activated!), { uid: 'u1', now: new Date('2026-07-01T00:00:00Z') }),
    ).toThrow('does not have Premium');
  });
});
