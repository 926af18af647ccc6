import { ApiError } from '../../shared/api/api-error';

/**
 * The username prompt: shown when the profile has no (or a blank) username, or when the
 * profile call fails, unless it failed because the user is not signed in (401).
 */
export async function needsUsername(
  fetchProfile: () => Promise<{ username?: string | null }>,
): Promise<boolean> {
  try {
    const profile = await fetchProfile();
    return !profile.username?.trim();
  } catch (error) {
    return !(error instanceof ApiError && error.status === 401);
  }
}
