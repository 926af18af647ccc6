const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Spec §4 username prompt: shown when the profile has no (or a blank) username, or when the
 * profile call fails, unless the failure mentions 401 or Unauthorized.
 */
export async function needsUsername(
  fetchProfile: () => Promise<{ username?: string | null }>,
): Promise<boolean> {
  try {
    const profile = await fetchProfile();
    return !profile.username?.trim();
  } catch (error) {
    return !/401|unauthorized/i.test(errorText(error));
  }
}
