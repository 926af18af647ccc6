/** The authenticated user as the client keeps it. */
export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
}

export function toAuthUser(user: AuthUser): AuthUser {
  const { uid, email, emailVerified, displayName, photoURL } = user;
  return { uid, email, emailVerified, displayName, photoURL };
}
