import type { Preferences } from '../events/preferences';
import { defaultPreferences } from './preferences';
import type { Recorded } from '../decider';
import type { UserEvent } from '../events/catalogue';
import { evolveSubscription, noSubscription, premiumUntil, type SubscriptionState } from './subscription';

/** The scans a user recorded: all of them, and each UTC calendar month's ('YYYY-MM', as the server stamped it). */
export interface ScanCounts {
  total: number;
  byMonth: Readonly<Record<string, number>>;
}

/**
 * A `user-{uid}` stream's document: what the user decider decides on, and what the profile, the
 * preferences, the scan counts and the console show. Each field is folded from its own value and
 * the event alone, so a read model that keeps some fields folds them from those fields only.
 */
export interface UserDocument {
  /** When the stream's first event was recorded (the registration, bar streams older than it); null before. */
  since: string | null;
  registered: boolean;
  email: string | null;
  displayName: string | null;
  username: string | null;
  preferences: Preferences;
  /** When the preferences last changed; null while they are the defaults. */
  preferencesChangedAt: string | null;
  scans: ScanCounts;
  /** Products the user opened by their barcode: in their history, free of the allowance. */
  lookups: number;
  /** The membership: who provides it, which subscriptions have ended, the pending request. */
  subscription: SubscriptionState;
  suspended: boolean;
  /** The reason given for the current suspension. */
  suspensionReason: string | null;
  /** The account was deleted: who the user was is forgotten, and the stream takes no more commands. */
  erased: boolean;
}

export const newUser: UserDocument = {
  since: null,
  registered: false,
  email: null,
  displayName: null,
  username: null,
  preferences: defaultPreferences,
  preferencesChangedAt: null,
  scans: { total: 0, byMonth: {} },
  lookups: 0,
  subscription: noSubscription,
  suspended: false,
  suspensionReason: null,
  erased: false,
};

function countScan({ total, byMonth }: ScanCounts, month: string): ScanCounts {
  return { total: total + 1, byMonth: { ...byMonth, [month]: (byMonth[month] ?? 0) + 1 } };
}

/**
 * The one fold of a user's events, wherever the user's document is needed: the decider's state,
 * the read models that show the user, the answer a command gives from the stream.
 */
export function foldUser(state: UserDocument, event: Recorded<UserEvent>): UserDocument {
  const user = state.since === null ? { ...state, since: event.metadata.at } : state;
  switch (event.type) {
    case 'UserRegistered': {
      const { email, displayName } = event.data;
      return { ...user, registered: true, email, displayName };
    }
    case 'UsernameSet':
      return { ...user, username: event.data.username };
    case 'PreferencesChanged':
      return { ...user, preferences: event.data.preferences, preferencesChangedAt: event.metadata.at };
    case 'ScanRecorded':
      return { ...user, scans: countScan(user.scans, event.data.month) };
    case 'ProductLookedUp':
      return { ...user, lookups: user.lookups + 1 };
    case 'SubscriptionRequested':
    case 'SubscriptionActivated':
    case 'SubscriptionCancelled':
    case 'SubscriptionExpired':
    case 'SubscriptionPaymentRefunded':
      return { ...user, subscription: evolveSubscription(user.subscription, event) };
    case 'UserSuspended':
      return { ...user, suspended: true, suspensionReason: event.data.reason };
    case 'UserReinstated':
      return { ...user, suspended: false, suspensionReason: null };
    case 'UserErased':
      return {
        ...user,
        erased: true,
        email: null,
        displayName: null,
        username: null,
        suspensionReason: null,
      };
    default:
      event satisfies never;
      return user;
  }
}

/**
 * When the user's Premium ends, as the read models keep it: never for a deleted account, whatever
 * its provider still reports (the history of its subscription stays, for the accounts).
 */
export function userPremiumUntil(user: UserDocument): string | null {
  return user.erased ? null : premiumUntil(user.subscription);
}
