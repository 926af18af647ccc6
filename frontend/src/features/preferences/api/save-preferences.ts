import { useMutation } from '@tanstack/react-query';
import type { Preferences } from '@labelwise/domain/contracts';
import { parsed } from '../../../shared/api/contracts';
import { sendJson } from '../../../shared/api/http-client';
import { USER_PREFERENCES_PATH } from '../../../shared/api/user-preferences';
import type { UserAction } from '../../../shared/api/user-action';

/** `PUT /api/users/preferences` with the full object, premiumAlerts included (403 for non-premium alert changes). */
export const savePreferences = async (preferences: Preferences, action?: UserAction) =>
  parsed((c) => c.preferencesSchema, sendJson('PUT', USER_PREFERENCES_PATH, preferences, action));

export const useSavePreferences = () => useMutation({ mutationFn: savePreferences });
