import { useQueryClient } from '@tanstack/react-query';
import { defaultPreferences, type Preferences } from '@labelwise/domain/contracts';
import { useCallback, useEffect, useMemo } from 'react';
import { userPreferencesQuery, useUserPreferences } from '../../shared/api/user-preferences';
import { readStoredPreferences, storePreferences } from '../../shared/lib/preferences-storage';
import { useSavePreferences } from './api/save-preferences';
import { toggleAndSave, type PreferenceKey } from '../../shared/lib/preference-fields';

export interface PreferencesController {
  preferences: Preferences;
  /** Skeletons: the signed-in user's preferences are still on their way. */
  loading: boolean;
  /** Toggles work only when signed in. */
  editable: boolean;
  toggle(key: PreferenceKey): void;
}

/**
 * The query cache is the one copy the screen shows: a toggle writes it (and the local-storage
 * mirror) at once, the PUT follows, and a failed PUT writes the previous value back.
 */
export function usePreferencesController(uid: string | null): PreferencesController {
  const queryClient = useQueryClient();
  const query = useUserPreferences(uid);
  const { mutateAsync: save } = useSavePreferences();
  const stored = useMemo(() => readStoredPreferences(uid), [uid]);

  // Mirror what the server sent; the mirror is the fallback when it cannot be reached.
  useEffect(() => {
    if (uid !== null && query.data) storePreferences(uid, query.data);
  }, [uid, query.data]);

  const toggle = useCallback(
    (key: PreferenceKey) => {
      if (uid === null) return;
      const { queryKey } = userPreferencesQuery(uid);
      void toggleAndSave({
        key,
        current: () => queryClient.getQueryData(queryKey) ?? stored ?? defaultPreferences,
        apply: (next) => queryClient.setQueryData(queryKey, next),
        save,
      });
    },
    [uid, queryClient, stored, save],
  );

  // Offline the request waits for the network: show the stored copy meanwhile.
  const loading = uid !== null && query.isPending && !query.isPaused;
  return {
    preferences: query.data ?? stored ?? defaultPreferences,
    loading,
    editable: uid !== null && !loading,
    toggle,
  };
}
