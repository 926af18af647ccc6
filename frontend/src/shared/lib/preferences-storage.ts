import { preferencesSchema, type Preferences } from '@labelwise/domain/contracts';

/** Preferences are mirrored in local storage under a per-user key, with a generic key as fallback. */
export const GENERIC_PREFERENCES_KEY = 'userPreferences';
export const userPreferencesKey = (uid: string) => `${GENERIC_PREFERENCES_KEY}_${uid}`;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): KeyValueStorage | null =>
  typeof localStorage === 'undefined' ? null : localStorage;

function parse(raw: string | null): Preferences | null {
  if (!raw) return null;
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The mirrored preferences: the user's own copy, else the generic one, else null. */
export function readStoredPreferences(
  uid: string | null,
  storage: KeyValueStorage | null = browserStorage(),
): Preferences | null {
  if (!storage) return null;
  return (
    (uid ? parse(storage.getItem(userPreferencesKey(uid))) : null) ??
    parse(storage.getItem(GENERIC_PREFERENCES_KEY))
  );
}

/** Mirrors the preferences under the user's key and the generic key (storage errors are ignored). */
export function storePreferences(
  uid: string,
  preferences: Preferences,
  storage: KeyValueStorage | null = browserStorage(),
): void {
  if (!storage) return;
  const raw = JSON.stringify(preferences);
  try {
    storage.setItem(userPreferencesKey(uid), raw);
    storage.setItem(GENERIC_PREFERENCES_KEY, raw);
  } catch {
    /* full or blocked storage: the server copy is the source of truth */
  }
}
