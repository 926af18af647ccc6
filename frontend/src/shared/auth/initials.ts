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
