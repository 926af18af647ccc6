import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  GoogleAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getRedirectResult,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import type { RuntimeConfig } from '../api/runtime-config';
import type { AuthClient } from './auth-client-types';
import { EmailNotVerifiedError, NO_SIGNED_IN_USER } from './auth-errors';
import { toAuthUser } from './auth-user';

/** The account the emulator's Google flow signs in; the emulator accepts an unsigned JSON id_token. */
export const EMULATOR_GOOGLE_ACCOUNT = {
  sub: 'labelwise-google-test-user',
  email: 'google.tester@example.com',
  email_verified: true,
  name: 'Google Tester',
} as const;

const continueUrl = (query: string) => ({ url: `${window.location.origin}/auth?${query}` });

function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.addScope('email');
  provider.addScope('profile');
  provider.setCustomParameters({ prompt: 'select_account', access_type: 'offline' });
  return provider;
}

function initAuth(config: RuntimeConfig): Auth {
  const app = getApps().length > 0 ? getApp() : initializeApp(config.firebase);
  const auth = initializeAuth(app, {
    persistence: browserLocalPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

async function sendVerification(user: User): Promise<void> {
  await sendEmailVerification(user, continueUrl('verified=true'));
}

export function createFirebaseAuthClient(config: RuntimeConfig): AuthClient {
  const auth = initAuth(config);
  const usesEmulator = config.authEmulatorUrl !== null;
  const wrap = (user: User | null) => (user ? toAuthUser(user) : null);

  return {
    usesEmulator,
    onUserChanged: (listener) => onAuthStateChanged(auth, (user) => listener(wrap(user))),
    ready: () => auth.authStateReady(),
    currentUser: () => wrap(auth.currentUser),
    async getIdToken(forceRefresh) {
      if (!auth.currentUser) throw new Error(NO_SIGNED_IN_USER);
      return auth.currentUser.getIdToken(forceRefresh);
    },
    async signUpWithEmail(email, password, displayName) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      if (displayName) await updateProfile(user, { displayName });
      // Failing to send the verification email does not fail sign-up.
      await sendVerification(user).catch((error: unknown) =>
        console.warn('Verification email not sent', error),
      );
      return toAuthUser(user);
    },
    async signInWithEmail(email, password) {
      const { user } = await signInWithEmailAndPassword(auth, email, password);
      if (!user.emailVerified) {
        await sendVerification(user).catch((error: unknown) =>
          console.warn('Verification email not sent', error),
        );
        await signOut(auth);
        throw new EmailNotVerifiedError();
      }
      return toAuthUser(user);
    },
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email, continueUrl('reset=true')),
    async signInWithGoogle(flow) {
      if (usesEmulator) {
        const credential = GoogleAuthProvider.credential(JSON.stringify(EMULATOR_GOOGLE_ACCOUNT));
        return toAuthUser((await signInWithCredential(auth, credential)).user);
      }
      if (flow === 'redirect') {
        await signInWithRedirect(auth, googleProvider());
        return null;
      }
      return toAuthUser((await signInWithPopup(auth, googleProvider())).user);
    },
    async redirectResult() {
      const result = await getRedirectResult(auth);
      return result ? toAuthUser(result.user) : null;
    },
    async resendVerification() {
      if (!auth.currentUser) throw new Error(NO_SIGNED_IN_USER);
      await sendVerification(auth.currentUser);
    },
    signOut: () => signOut(auth),
  };
}
