import type { Env } from './env';

/** The identity provider a process or tool works with, chosen as `npm start` chooses it. */
export interface AuthInstance {
  projectId: string;
  /** The Auth Emulator's `host:port`; null for real Firebase Authentication. */
  emulatorHost: string | null;
  /** The emulator is the one `npm start` runs itself, on `AUTH_EMULATOR_PORT`. */
  startedByLauncher: boolean;
}

/**
 * The emulator `FIREBASE_AUTH_EMULATOR_HOST` names; else, outside production and without a
 * service account, the one `npm start` runs on `AUTH_EMULATOR_PORT`; else real Firebase.
 */
export function authInstanceOf(
  env: Pick<
    Env,
    | 'NODE_ENV'
    | 'FIREBASE_PROJECT_ID'
    | 'FIREBASE_AUTH_EMULATOR_HOST'
    | 'AUTH_EMULATOR_PORT'
    | 'GOOGLE_APPLICATION_CREDENTIALS'
  >,
): AuthInstance {
  const projectId = env.FIREBASE_PROJECT_ID;
  if (env.FIREBASE_AUTH_EMULATOR_HOST)
    return { projectId, emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST, startedByLauncher: false };
  const startedByLauncher = env.NODE_ENV !== 'production' && !env.GOOGLE_APPLICATION_CREDENTIALS;
  return {
    projectId,
    emulatorHost: startedByLauncher ? `127.0.0.1:${env.AUTH_EMULATOR_PORT}` : null,
    startedByLauncher,
  };
}

/** The line a tool prints first: which identity provider it is about to work on, and why. */
export function describeAuthInstance(auth: AuthInstance): string {
  if (!auth.emulatorHost) return `Auth: Firebase project ${auth.projectId} (GOOGLE_APPLICATION_CREDENTIALS)`;
  const source = auth.startedByLauncher ? 'AUTH_EMULATOR_PORT' : 'FIREBASE_AUTH_EMULATOR_HOST';
  return `Auth: the Auth Emulator at ${auth.emulatorHost} (${source}), project ${auth.projectId}`;
}
