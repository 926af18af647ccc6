import { useUserProfile } from '../api/user-profile';
import type { AuthUser } from './auth-user';
import { profileDisplayName, profileInitials } from './initials';

/**
 * The name and initials the avatar menu and the profile both show: the username, else the
 * provider's display name, else the email.
 */
export function useAccountIdentity(user: Pick<AuthUser, 'uid' | 'email' | 'displayName'>) {
  const profile = useUserProfile(user.uid);
  const name = profile.data?.username || user.displayName;
  const email = profile.data?.email || user.email;
  return {
    profile,
    email,
    displayName: profileDisplayName(name, email),
    initials: profileInitials(name, email),
  };
}
