import { defaultPreferences } from '@labelwise/domain/contracts';
import { describe, expect, it } from 'vitest';
import {
  GENERIC_PREFERENCES_KEY,
  readStoredPreferences,
  storePreferences,
  userPreferencesKey,
} from './preferences-storage';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('preferences mirror in local storage', () => {
  it('stores under the per-user key and the generic key', () => {
    const storage = memoryStorage();
    storePreferences('u1', { ...defaultPreferences, noGluten: true }, storage);
    expect(JSON.parse(storage.items.get(userPreferencesKey('u1'))!).noGluten).toBe(true);
    expect(JSON.parse(storage.items.get(GENERIC_PREFERENCES_KEY)!).noGluten).toBe(true);
  });

  it("reads the user's copy first, then the generic fallback, ignoring unreadable values", () => {
    const storage = memoryStorage();
    expect(readStoredPreferences('u1', storage)).toBeNull();
    storage.setItem(GENERIC_PREFERENCES_KEY, JSON.stringify({ ...defaultPreferences, noDairy: true }));
    expect(readStoredPreferences('u1', storage)?.noDairy).toBe(true);
    storage.setItem(userPreferencesKey('u1'), JSON.stringify({ ...defaultPreferences, organic: true }));
    expect(readStoredPreferences('u1', storage)).toEqual({ ...defaultPreferences, organic: true });
    storage.setItem(userPreferencesKey('u1'), '{not json');
    expect(readStoredPreferences('u1', storage)?.noDairy).toBe(true);
    storage.setItem(GENERIC_PREFERENCES_KEY, JSON.stringify({ noDairy: 'yes' }));
    expect(readStoredPreferences('u1', storage)).toBeNull();
  });
});
