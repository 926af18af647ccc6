import { getApp, getApps, initializeApp } from 'firebase/app';

/** Its own app name, so the console's session is kept apart from the consumer app's on the same origin. */
const APP_NAME = 'labelwise-admin';
import { browserLocalPersistence, connectAuthEmulator, initializeAuth, type Auth } from 'firebase/auth';
import { loadRuntimeConfig } from './runtime-config';

let pending: Promise<Auth> | undefined;

/** Firebase Auth for the console, connected to the Auth Emulator when the server runs against it. */
export function firebaseAuth(): Promise<Auth> {
  pending ??= loadRuntimeConfig().then(async (config) => {
    const app = getApps().some((a) => a.name === APP_NAME)
      ? getApp(APP_NAME)
      : initializeApp(config.firebase, APP_NAME);
    const auth = initializeAuth(app, { persistence: browserLocalPersistence });
    if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    await auth.authStateReady();
    return auth;
  });
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

/** The signed-in user's ID token, or null when nobody is signed in. */
export async function idToken(forceRefresh = false): Promise<string | null> {
  const user = (await firebaseAuth()).currentUser;
  return user ? user.getIdToken(forceRefresh) : null;
}
