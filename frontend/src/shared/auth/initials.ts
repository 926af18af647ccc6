/**
 * Avatar initials, one rule for the avatar menu and the profile: the first letters of
 * the first two words of the name (a display name such as 'Ada Lovelace' gives 'AL'), else the
 * first two letters of the one word (a username, or the email); 'U' when there is nothing.
 */
export function profileInitials(name: string | null | undefined, email: string | null | undefined): string {
  const source = name?.trim() || email?.trim() || '';
  const words = source.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  const initials = words.length > 1 ? words[0]![0]! + words[1]![0]! : words[0]!.slice(0, 2);
  return initials.toUpperCase();
}

/** The profile name: the username, else the email before the @, else 'User'. */
export function profileDisplayName(
  username: string | null | undefined,
  email: string | null | undefined,
): string {
  return username?.trim() || email?.split('@')[0]?.trim() || 'User';
}
