import { conflict, invalid, notFound, type DomainEvent, type Plan } from '@labelwise/domain';
import { evolveUser, isPremiumAt, newUser, type UserState } from '@labelwise/domain/users/user';
import {
  evolveSubscription,
  noSubscription,
  type SubscriptionState,
} from '../../payments/subscription-state';

/** A `user-{uid}` stream as administration sees it: the user, and who provides their membership. */
export interface AdministeredUser {
  user: UserState;
  subscription: SubscriptionState;
  /** The reason given for the current suspension. */
  suspensionReason: string | null;
}

export const unknownUser: AdministeredUser = {
  user: newUser,
  subscription: noSubscription,
  suspensionReason: null,
};

export function evolveAdministeredUser(state: AdministeredUser, event: DomainEvent): AdministeredUser {
  const suspensionReason =
    event.type === 'UserSuspended'
      ? event.data.reason
      : event.type === 'UserReinstated'
        ? null
        : state.suspensionReason;
  return {
    user: evolveUser(state.user, event),
    subscription: evolveSubscription(state.subscription, event),
    suspensionReason,
  };
}

export const USER_NOT_FOUND_MESSAGE = 'User not found';

function registered(state: AdministeredUser) {
  if (!state.user.registered) throw notFound('USER_NOT_FOUND', USER_NOT_FOUND_MESSAGE);
  return state;
}

export function decideSuspension(
  state: AdministeredUser,
  command: { uid: string; reason: string },
): DomainEvent[] {
  return registered(state).user.suspended ? [] : [{ type: 'UserSuspended', data: command }];
}

export function decideReinstatement(state: AdministeredUser, command: { uid: string }): DomainEvent[] {
  return registered(state).user.suspended ? [{ type: 'UserReinstated', data: command }] : [];
}

export interface GrantPremium {
  uid: string;
  plan: Plan;
  periodEnd: Date;
  now: Date;
  /** Used when the user has no admin grant to extend. */
  newSubscriptionId: string;
}

/**
 * Grants Premium until `periodEnd` (SubscriptionActivated, provider 'admin'). A current admin grant
 * is extended or shortened; a paid membership is left to its provider.
 */
export function decideGrantPremium(state: AdministeredUser, command: GrantPremium): DomainEvent[] {
  const { user, subscription } = registered(state);
  const { uid, plan, periodEnd, now } = command;
  if (periodEnd.getTime() <= now.getTime())
    throw invalid('PERIOD_END_PAST', 'The period end must be in the future.');
  const current = isPremiumAt(user, now) ? subscription.current : null;
  if (current && current.provider !== 'admin') {
    throw conflict('PAID_SUBSCRIPTION', `This user already pays for Premium (${current.provider}).`);
  }
  const subscriptionId = current?.subscriptionId ?? command.newSubscriptionId;
  return [
    {
      type: 'SubscriptionActivated',
      data: {
        uid,
        plan,
        provider: 'admin',
        subscriptionId,
        paymentId: null,
        periodEnd: periodEnd.toISOString(),
      },
    },
  ];
}

/** Ends an admin grant at once (SubscriptionExpired). Paid memberships end through their provider. */
export function decideRevokePremium(
  state: AdministeredUser,
  command: { uid: string; now: Date },
): DomainEvent[] {
  const { user, subscription } = registered(state);
  const current = isPremiumAt(user, command.now) ? subscription.current : null;
  if (!current) throw conflict('NOT_PREMIUM', 'This user does not have Premium.');
  if (current.provider !== 'admin') {
    throw conflict(
      'PAID_SUBSCRIPTION',
      `This membership is paid (${current.provider}); it ends when it is cancelled there.`,
    );
  }
  return [
    { type: 'SubscriptionExpired', data: { uid: command.uid, subscriptionId: current.subscriptionId } },
  ];
}
