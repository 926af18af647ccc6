import { useMutation } from '@tanstack/react-query';
import { preferencesSchema, type Preferences } from '@labelwise/domain/contracts/preferences';
import { sendJson } from '../../../shared/api/http-client';
import { USER_PREFERENCES_PATH } from '../../../shared/api/user-preferences';

/** Spec §7 PUT /api/users/preferences with the full object, premiumAlerts included (403 for non-premium alert changes). */
export const savePreferences = async (preferences: Preferences) =>
  preferencesSchema.parse(await sendJson('PUT', USER_PREFERENCES_PATH, preferences));

export const useSavePreferences = () => useMutation({ mutationFn: savePreferences });
