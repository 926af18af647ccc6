/**
 * Grants or revokes the `admin: true` custom claim: `npm run admin:grant -- <email>`.
 * Uses FIREBASE_PROJECT_ID (default demo-labelwise) and, unless real credentials are set,
 * the Auth Emulator at FIREBASE_AUTH_EMULATOR_HOST (default 127.0.0.1:9099, as `npm start` runs it).
 * Against the emulator the API reads the claim from the emulator's record of the user, so the
 * change applies within AUTH_SESSION_CHECK_SECONDS; against real Firebase the user must sign in
 * again (or refresh their token) to see it.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

async function main() {
  const [action, email] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error('Usage: npm run admin:grant -- <email>   |   npm run admin:revoke -- <email>');
    process.exit(2);
  }
  if (!process.env.GOOGLE_APPLICATION_CREDENTIALS)
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  const auth = getAuth(initializeApp({ projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-labelwise' }));
  const user = await auth.getUserByEmail(email);
  const { admin: _previous, ...otherClaims } = user.customClaims ?? {};
  await auth.setCustomUserClaims(
    user.uid,
    action === 'grant' ? { ...otherClaims, admin: true } : otherClaims,
  );
  process.stdout.write(`${action === 'grant' ? 'Granted' : 'Revoked'} admin for ${email} (${user.uid})\n`);
}

main().catch((error: unknown) => {
  console.error(`admin-claim: ${(error as Error).message}`);
  process.exit(1);
});
