import { signInWithEmailAndPassword, signOut, type User } from 'firebase/auth';
import type { AuthProvider } from 'react-admin';
import { firebaseAuth } from './firebase';

export const NOT_ADMIN_MESSAGE = 'This account is not an administrator';

async function isAdmin(user: User, forceRefresh = false): Promise<boolean> {
  const { claims } = await user.getIdTokenResult(forceRefresh);
  return claims.admin === true;
}

/** The signed-in administrator; anyone else is signed out. */
async function currentAdmin(): Promise<User> {
  const auth = await firebaseAuth();
  const user = auth.currentUser;
  if (!user) throw new Error('Please sign in');
  if (!(await isAdmin(user))) {
    await signOut(auth);
    throw new Error(NOT_ADMIN_MESSAGE);
  }
  return user;
}

/** Firebase email/password sign-in; only ID tokens that carry the `admin: true` claim get in. */
export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const auth = await firebaseAuth();
    const { user } = await signInWithEmailAndPassword(auth, email, password);
    // A claim granted after the last sign-in is only in a fresh token.
    if (!(await isAdmin(user, true))) {
      await signOut(auth);
      throw new Error(NOT_ADMIN_MESSAGE);
    }
  },
  async logout() {
    await signOut(await firebaseAuth());
  },
  async checkAuth() {
    await currentAdmin();
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401 || error?.status === 403) {
      await signOut(await firebaseAuth());
      throw new Error(
        error.status === 403 ? NOT_ADMIN_MESSAGE : 'Your session has ended, please sign in again',
      );
    }
  },
  async getIdentity() {
    const user = await currentAdmin();
    return { id: user.uid, fullName: user.displayName ?? user.email ?? user.uid };
  },
  async getPermissions() {
    return 'admin';
  },
};
