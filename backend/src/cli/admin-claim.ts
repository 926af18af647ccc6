/**
 * Grants or revokes the `admin: true` custom claim: `npm run admin:grant -- <email>`.
 * Works on the identity provider `npm start` uses (see `authInstanceOf`: the Auth Emulator it runs
 * on AUTH_EMULATOR_PORT, the one FIREBASE_AUTH_EMULATOR_HOST names, or real Firebase with
 * GOOGLE_APPLICATION_CREDENTIALS), and says which first. Against the emulator the API reads the
 * claim from the emulator's record of the user, so the change applies within
 * AUTH_SESSION_CHECK_SECONDS; against real Firebase the user must sign in again (or refresh their
 * token) to see it.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { parseEnvWith } from '@labelwise/runtime';
import { authInstanceOf, describeAuthInstance } from '../config/auth-instance';
import { envSchema } from '../config/env';
import { EXIT, exitWhenDone } from './cli-runtime';

async function main(args: string[]): Promise<number> {
  const [action, email] = args;
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error('Usage: npm run admin:grant -- <email>   |   npm run admin:revoke -- <email>');
    return EXIT.usage;
  }
  const auth = authInstanceOf(parseEnvWith(envSchema));
  console.error(describeAuthInstance(auth));
  // firebase-admin finds the emulator through this variable alone.
  if (auth.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.emulatorHost;
  const users = getAuth(initializeApp({ projectId: auth.projectId }));
  const user = await users.getUserByEmail(email);
  const { admin: _previous, ...otherClaims } = user.customClaims ?? {};
  await users.setCustomUserClaims(
    user.uid,
    action === 'grant' ? { ...otherClaims, admin: true } : otherClaims,
  );
  process.stdout.write(`${action === 'grant' ? 'Granted' : 'Revoked'} admin for ${email} (${user.uid})\n`);
  return EXIT.completed;
}

exitWhenDone('admin-claim', main(process.argv.slice(2)));
