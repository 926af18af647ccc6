/** Users on this device who chose 'Skip for now': not asked again at their next sign-in. */
export const SKIPPED_USERNAME_KEY = 'labelwise-username-skipped';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): KeyValueStorage | null =>
  typeof localStorage === 'undefined' ? null : localStorage;

function skippedUids(storage: KeyValueStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SKIPPED_USERNAME_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((uid): uid is string => typeof uid === 'string') : [];
  } catch {
    return [];
  }
}

export function hasSkippedUsername(uid: string, storage = browserStorage()): boolean {
  return storage !== null && skippedUids(storage).includes(uid);
}

/** Remembers the skip (storage errors, e.g. a full or refused storage, only forget it). */
export function rememberSkippedUsername(uid: string, storage = browserStorage()): void {
  if (!storage || hasSkippedUsername(uid, storage)) return;
  try {
    storage.setItem(SKIPPED_USERNAME_KEY, JSON.stringify([...skippedUids(storage), uid]));
  } catch {
    // Asked again next time: harmless.
  }
}
