import type { Preferences } from '../events/preferences';
import { unknownCommand, type Decider } from '../decider';
import type { UserEvent } from '../events/catalogue';
import { conflict, forbidden, invalid, notFound } from '../errors';
import type { Plan } from '../events/user-events';
import { monthOf, scanAllowance, scansThisMonth } from './scan-allowance';
import { decideSubscriptionChange, isPremium, type SubscriptionChange } from './subscription';
import { foldUser, newUser, type UserDocument } from './user-document';

/** What the write side decides on: the user's document. */
export type UserState = UserDocument;

export const PREMIUM_REQUIRED_MESSAGE =
  'Premium Dietary Alerts are part of Premium. Upgrade to Premium to turn them on.';

export interface RecordScan {
  type: 'RecordScan';
  uid: string;
  productId: number;
  /** When the client says it scanned; stored as given, never used for counting. */
  scannedAt: string;
  /** The server's clock: decides the month the scan counts against. */
  now: Date;
  scanLimit: number;
}

/** The user opened a product by its barcode: recorded in their history, free of the allowance. */
export interface RecordLookup {
  type: 'RecordLookup';
  uid: string;
  productId: number;
  barcode: string;
  /** When the client says it looked the product up; stored as given. */
  lookedUpAt: string;
  now: Date;
}

export interface ChangePreferences {
  type: 'ChangePreferences';
  uid: string;
  preferences: Preferences;
  now: Date;
}

export interface SetUsername {
  type: 'SetUsername';
  uid: string;
  /** Already validated, and its claim stream held. */
  username: string;
}

/**
 * Asks for a membership. Concurrent requests of one user serialise on the stream: the first one
 * records its `requestId`, the others of the same plan find it pending and reuse it, so a payment
 * provider that takes it as its idempotency key creates one subscription for all of them. A
 * request for the other plan, or after 30 minutes, replaces the pending one: that request is
 * closed, and its subscription may no longer become the membership (see `mayBeMembership`).
 */
export interface RequestSubscription {
  type: 'RequestSubscription';
  uid: string;
  plan: Plan;
  /** A fresh id; recorded only when no request of the same plan is pending. */
  requestId: string;
  now: Date;
}

/** How long a membership request waits to be paid before a new one replaces it. */
export const SUBSCRIPTION_REQUEST_TTL_MS = 30 * 60_000;

export const ALREADY_PREMIUM_MESSAGE = 'You already have Premium.';

function requestSubscription(state: UserState, command: RequestSubscription): UserEvent[] {
  const { uid, plan, requestId, now } = command;
  if (isPremium(state.subscription, now)) throw conflict('ALREADY_PREMIUM', ALREADY_PREMIUM_MESSAGE);
  const pending = state.subscription.pendingRequest;
  if (pending?.plan === plan && now.getTime() - Date.parse(pending.at) < SUBSCRIPTION_REQUEST_TTL_MS)
    return [];
  return [{ type: 'SubscriptionRequested', data: { uid, plan, requestId, at: now.toISOString() } }];
}

/** A payment provider's report, recorded at most once (see `decideSubscriptionChange`). */
export interface RecordSubscriptionChange {
  type: 'RecordSubscriptionChange';
  change: SubscriptionChange;
  /** When it is recorded: a subscription is open while it gives Premium and renews. */
  now: Date;
}

export interface SuspendUser {
  type: 'SuspendUser';
  uid: string;
  reason: string;
}

export interface ReinstateUser {
  type: 'ReinstateUser';
  uid: string;
}

export interface GrantPremium {
  type: 'GrantPremium';
  uid: string;
  plan: Plan;
  periodEnd: Date;
  now: Date;
  /** Used when the user has no admin grant to extend. */
  newSubscriptionId: string;
}

export interface RevokePremium {
  type: 'RevokePremium';
  uid: string;
  now: Date;
}

/** What an administrator may do to a user. */
export type AdministrationCommand = SuspendUser | ReinstateUser | GrantPremium | RevokePremium;

/** The user (or an administrator at their request) deletes the account. */
export interface EraseUser {
  type: 'EraseUser';
  uid: string;
  keepReviews: boolean;
  /** An administrator's reason; null when the user deletes their own account. */
  reason: string | null;
}

export type UserCommand =
  | EraseUser
  | RecordScan
  | RecordLookup
  | ChangePreferences
  | SetUsername
  | RequestSubscription
  | RecordSubscriptionChange
  | AdministrationCommand;

/** How far a client's clock may run ahead of the server's. */
export const SCAN_CLOCK_SKEW_MS = 5 * 60_000;
/** How long a scan made offline may wait before it is sent. */
export const SCAN_MAX_AGE_MS = 31 * 24 * 60 * 60_000;

/** A client's time of a scan or lookup (`field`) may run a little ahead, or wait a while offline. */
function checkClientTime(field: 'scannedAt' | 'lookedUpAt', time: string, now: Date): void {
  const at = Date.parse(time);
  if (at > now.getTime() + SCAN_CLOCK_SKEW_MS)
    throw invalid('VALIDATION_ERROR', `${field}: must not be in the future`);
  if (at < now.getTime() - SCAN_MAX_AGE_MS)
    throw invalid('VALIDATION_ERROR', `${field}: must be within the last 31 days`);
}

/**
 * The scanning gate, its allowance part: a free user has scans left until `scanLimit` are
 * counted in the UTC month of `now`; premium users always do. Throws `SCAN_LIMIT_REACHED` (403).
 */
export function assertScansLeft(state: UserState, now: Date, scanLimit: number): void {
  const allowance = scanAllowance({
    isPremium: isPremium(state.subscription, now),
    scansThisMonth: scansThisMonth(state, now),
    limit: scanLimit,
  });
  if (!allowance.allowed) throw forbidden('SCAN_LIMIT_REACHED', allowance.message);
}

/** A free user may record `scanLimit` scans per UTC calendar month; premium users are unlimited. */
function recordScan(state: UserState, command: RecordScan): UserEvent[] {
  const { uid, productId, scannedAt, now, scanLimit } = command;
  checkClientTime('scannedAt', scannedAt, now);
  assertScansLeft(state, now, scanLimit);
  return [{ type: 'ScanRecorded', data: { uid, productId, scannedAt, month: monthOf(now) } }];
}

/** Looking a product up by its barcode is always recorded, whatever is left of the allowance. */
function recordLookup(_state: UserState, command: RecordLookup): UserEvent[] {
  const { uid, productId, barcode, lookedUpAt, now } = command;
  checkClientTime('lookedUpAt', lookedUpAt, now);
  return [{ type: 'ProductLookedUp', data: { uid, productId, barcode, lookedUpAt } }];
}

const sameAlerts = (a: Preferences['premiumAlerts'], b: Preferences['premiumAlerts']) =>
  a.noNuts === b.noNuts && a.noSoy === b.noSoy && a.noMSG === b.noMSG && a.noENumbers === b.noENumbers;

const samePreferences = (a: Preferences, b: Preferences) =>
  a.noArtificialSweeteners === b.noArtificialSweeteners &&
  a.noPalmOil === b.noPalmOil &&
  a.organic === b.organic &&
  a.noGluten === b.noGluten &&
  a.noDairy === b.noDairy &&
  sameAlerts(a.premiumAlerts, b.premiumAlerts);

/**
 * Stores a full preferences object. Premium alerts may only change while premium; sending them
 * back unchanged is fine, so a lapsed member can still edit the standard toggles.
 */
function changePreferences(state: UserState, command: ChangePreferences): UserEvent[] {
  const { uid, preferences, now } = command;
  if (
    !sameAlerts(state.preferences.premiumAlerts, preferences.premiumAlerts) &&
    !isPremium(state.subscription, now)
  ) {
    throw forbidden('PREMIUM_REQUIRED', PREMIUM_REQUIRED_MESSAGE);
  }
  if (samePreferences(state.preferences, preferences)) return [];
  return [{ type: 'PreferencesChanged', data: { uid, preferences } }];
}

/** Records the username once its claim is held; setting the exact current name records nothing. */
function setUsername(state: UserState, command: SetUsername): UserEvent[] {
  if (state.username === command.username) return [];
  return [
    { type: 'UsernameSet', data: { uid: command.uid, username: command.username, previous: state.username } },
  ];
}

export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const ACCOUNT_DELETED_MESSAGE = 'This account has been deleted.';

/** Administration acts on registered users only. */
function registered(state: UserState) {
  if (!state.registered) throw notFound('USER_NOT_FOUND', USER_NOT_FOUND_MESSAGE);
  return state;
}

function suspend(state: UserState, { uid, reason }: SuspendUser): UserEvent[] {
  return registered(state).suspended ? [] : [{ type: 'UserSuspended', data: { uid, reason } }];
}

function reinstate(state: UserState, { uid }: ReinstateUser): UserEvent[] {
  return registered(state).suspended ? [{ type: 'UserReinstated', data: { uid } }] : [];
}

/**
 * Grants Premium until `periodEnd` (SubscriptionActivated, provider 'admin'). A current admin grant
 * is extended or shortened; a paid membership is left to its provider.
 */
function grantPremium(state: UserState, command: GrantPremium): UserEvent[] {
  const user = registered(state);
  const { uid, plan, periodEnd, now } = command;
  if (periodEnd.getTime() <= now.getTime())
    throw invalid('PERIOD_END_PAST', 'The period end must be in the future.');
  const current = isPremium(user.subscription, now) ? user.subscription.current : null;
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
function revokePremium(state: UserState, { uid, now }: RevokePremium): UserEvent[] {
  const user = registered(state);
  const current = isPremium(user.subscription, now) ? user.subscription.current : null;
  if (!current) throw conflict('NOT_PREMIUM', 'This user does not have Premium.');
  if (current.provider !== 'admin') {
    throw conflict(
      'PAID_SUBSCRIPTION',
      `This membership is paid (${current.provider}); it ends when it is cancelled there.`,
    );
  }
  return [{ type: 'SubscriptionExpired', data: { uid, subscriptionId: current.subscriptionId } }];
}

/** The `user-{uid}` aggregate: the user's own commands, their membership, and administration. */
export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  decide(command, state) {
    // The provider may still report a deleted user's subscription ending; nothing else happens to them.
    if (state.erased && command.type !== 'RecordSubscriptionChange') {
      if (command.type === 'EraseUser') return [];
      throw notFound('ACCOUNT_DELETED', ACCOUNT_DELETED_MESSAGE);
    }
    switch (command.type) {
      case 'EraseUser':
        // A uid Labelwise never saw: nothing to erase, and nothing is recorded.
        if (state.since === null) throw notFound('USER_NOT_FOUND', USER_NOT_FOUND_MESSAGE);
        return [
          {
            type: 'UserErased',
            data: { uid: command.uid, keepReviews: command.keepReviews, reason: command.reason },
          },
        ];
      case 'RecordScan':
        return recordScan(state, command);
      case 'RecordLookup':
        return recordLookup(state, command);
      case 'ChangePreferences':
        return changePreferences(state, command);
      case 'SetUsername':
        return setUsername(state, command);
      case 'RequestSubscription':
        return requestSubscription(state, command);
      case 'RecordSubscriptionChange':
        return decideSubscriptionChange(state.subscription, command.change, command.now);
      case 'SuspendUser':
        return suspend(state, command);
      case 'ReinstateUser':
        return reinstate(state, command);
      case 'GrantPremium':
        return grantPremium(state, command);
      case 'RevokePremium':
        return revokePremium(state, command);
      default:
        return unknownCommand(command);
    }
  },
  evolve: foldUser,
  initialState: newUser,
};
