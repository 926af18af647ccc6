/**
 * Spec §2 avatar initials: first letters of up to two words of displayName, upper-cased; else
 * the first two letters of the email local part; else 'U'.
 */
export function avatarInitials(
  displayName: string | null | undefined,
  email: string | null | undefined,
): string {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    return words
      .slice(0, 2)
      .map((word) => word[0])
      .join('')
      .toUpperCase();
  }
  const localPart = (email ?? '').split('@')[0] ?? '';
  if (localPart) return localPart.slice(0, 2).toUpperCase();
  return 'U';
}

/** Spec §2 profile avatar: first two letters of the username, else of the email, else 'U'. */
export function profileInitials(
  username: string | null | undefined,
  email: string | null | undefined,
): string {
  const source = username?.trim() || email?.trim() || '';
  return source ? source.slice(0, 2).toUpperCase() : 'U';
}

/** Spec §2 profile name: the username, else the email before the @, else 'User'. */
export function profileDisplayName(
  username: string | null | undefined,
  email: string | null | undefined,
): string {
  return username?.trim() || email?.split('@')[0]?.trim() || 'User';
}
