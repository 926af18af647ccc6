import type { RuntimeConfig } from '../api/runtime-config';
import type { AuthClient } from './auth-client-types';

let pending: Promise<AuthClient> | undefined;

/** Firebase is split into its own chunk and loaded only when auth is first needed. */
export function loadAuthClient(config: RuntimeConfig): Promise<AuthClient> {
  pending ??= import('./firebase-auth').then((module) => module.createFirebaseAuthClient(config));
  return pending;
}
