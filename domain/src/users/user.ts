import { defaultPreferences, type Preferences } from '../contracts/preferences';
import type { DomainEvent } from '../events/catalogue';
import { forbidden } from '../errors';
import { evolvePremium, isPremiumAt, noPremium, type PremiumWindow } from './premium';

export { isPremiumAt } from './premium';

/** What the write side knows about a `user-{uid}` stream. */
export interface UserState extends PremiumWindow {
  registered: boolean;
  username: string | null;
  preferences: Preferences;
  /** Scans counted against the latest month seen on the stream ('YYYY-MM', UTC). */
  scanMonth: string | null;
  scansInMonth: number;
  suspended: boolean;
}

export const newUser: UserState = {
  ...noPremium,
  registered: false,
  username: null,
  preferences: defaultPreferences,
  scanMonth: null,
  scansInMonth: 0,
  suspended: false,
};

/** The UTC calendar month of an instant, 'YYYY-MM': the period a free user's allowance covers. */
export function monthOf(instant: Date): string {
  return instant.toISOString().slice(0, 7);
}

export function evolveUser(state: UserState, event: DomainEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, registered: true };
    case 'UsernameSet':
      return { ...state, username: event.data.username };
    case 'PreferencesChanged':
      return { ...state, preferences: event.data.preferences };
    case 'ScanRecorded': {
      const { month } = event.data;
      if (month === state.scanMonth) return { ...state, scansInMonth: state.scansInMonth + 1 };
      // Months only move forward on a stream, since the server's clock stamps them.
      return state.scanMonth !== null && month < state.scanMonth
        ? state
        : { ...state, scanMonth: month, scansInMonth: 1 };
    }
    case 'SubscriptionActivated':
    case 'SubscriptionCancelled':
    case 'SubscriptionExpired':
      return { ...state, ...evolvePremium(state, event) };
    case 'UserSuspended':
      return { ...state, suspended: true };
    case 'UserReinstated':
      return { ...state, suspended: false };
    default:
      return state;
  }
}

/** Scans already counted in the month of `now`. */
export function scansThisMonth(state: UserState, now: Date): number {
  return state.scanMonth === monthOf(now) ? state.scansInMonth : 0;
}

export const SCAN_LIMIT_MESSAGE =
  "You've reached your monthly scan limit. Upgrade to Premium for unlimited scans.";
export const PREMIUM_REQUIRED_MESSAGE =
  'Premium Dietary Alerts are part of Premium. Upgrade to Premium to turn them on.';

export interface RecordScan {
  uid: string;
  productId: number;
  /** When the client says it scanned; stored as given, never used for counting. */
  scannedAt: string;
  /** The server's clock: decides the month the scan counts against. */
  now: Date;
  scanLimit: number;
}

/**
 * Spec §5 scanning gate, its allowance part: a free user has scans left until `scanLimit` are
 * counted in the UTC month of `now`; premium users always do. Throws `SCAN_LIMIT_REACHED` (403).
 */
export function assertScansLeft(state: UserState, now: Date, scanLimit: number): void {
  if (!isPremiumAt(state, now) && scansThisMonth(state, now) >= scanLimit) {
    throw forbidden('SCAN_LIMIT_REACHED', SCAN_LIMIT_MESSAGE);
  }
}

/** A free user may record `scanLimit` scans per UTC calendar month; premium users are unlimited. */
export function decideRecordScan(state: UserState, command: RecordScan): DomainEvent[] {
  const { uid, productId, scannedAt, now, scanLimit } = command;
  assertScansLeft(state, now, scanLimit);
  return [{ type: 'ScanRecorded', data: { uid, productId, scannedAt, month: monthOf(now) } }];
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
export function decideChangePreferences(
  state: UserState,
  command: { uid: string; preferences: Preferences; now: Date },
): DomainEvent[] {
  const { uid, preferences, now } = command;
  if (!sameAlerts(state.preferences.premiumAlerts, preferences.premiumAlerts) && !isPremiumAt(state, now)) {
    throw forbidden('PREMIUM_REQUIRED', PREMIUM_REQUIRED_MESSAGE);
  }
  if (samePreferences(state.preferences, preferences)) return [];
  return [{ type: 'PreferencesChanged', data: { uid, preferences } }];
}

/** Records the username once its claim is held; setting the exact current name records nothing. */
export function decideSetUsername(
  state: UserState,
  command: { uid: string; username: string },
): DomainEvent[] {
  if (state.username === command.username) return [];
  return [
    { type: 'UsernameSet', data: { uid: command.uid, username: command.username, previous: state.username } },
  ];
}
