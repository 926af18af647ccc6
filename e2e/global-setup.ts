import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from '../backend/src/infra/auth-emulator';
import { startOffStandIn } from '../backend/testing/off-stand-in';
import { startEmbeddedPostgres } from '@labelwise/runtime/embedded-postgres';
import { freePort, waitFor, stopGroup } from '@labelwise/runtime';

export const E2E_PROJECT_ID = 'demo-labelwise-e2e';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The real stack on free ports: embedded PostgreSQL, the Auth Emulator, the API serving
 * the built apps, and the projection worker, as separate processes like `npm start`; the API
 * asks a local Open Food Facts stand-in about barcodes it does not know, and gives it the labels
 * users agree to share.
 */
export default async function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-e2e-'));
  const [pgPort, authPort, apiPort] = [await freePort(), await freePort(), await freePort()];
  const [postgres, auth, off] = await Promise.all([
    startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), port: pgPort, database: 'labelwise_e2e' }),
    startAuthEmulator({ port: authPort, projectId: E2E_PROJECT_ID, workDir: path.join(dir, 'auth') }),
    startOffStandIn(),
  ]);
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATABASE_URL: postgres.url(),
    FIREBASE_PROJECT_ID: E2E_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    OFF_LIVE_LOOKUP: 'true',
    OFF_API_URL: off.url,
    // The stand-in is on loopback, which the calls to Open Food Facts refuse unless allowed.
    OFF_ALLOW_PRIVATE_NETWORK: 'true',
    OFF_CONTACT: 'mailto:e2e@labelwise.test',
    // Labels users share are sent to the stand-in's write API, under the app's (stand-in) account.
    OFF_CONTRIBUTE: 'true',
    OFF_USER_ID: 'labelwise-e2e',
    OFF_PASSWORD: 'e2e-stand-in',
  };
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const start = (entry: string) =>
    spawn(tsx, [entry], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const api = start('backend/src/server/main.ts');
  const baseURL = `http://127.0.0.1:${apiPort}`;
  await waitFor(async () => (await fetch(`${baseURL}/api/health`)).ok, 'the API', 90_000, 300);
  const worker = start('projections/src/worker/main.ts');
  // The API appends the starter catalogue at boot; screens are compared once the read side has it.
  await waitFor(() => readSideCaughtUp(baseURL), 'the projections to catch up', 90_000, 300);

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_AUTH_EMULATOR_HOST = auth.host;
  process.env.E2E_PROJECT_ID = E2E_PROJECT_ID;
  process.env.E2E_DATABASE_URL = postgres.url();
  process.env.E2E_OFF_URL = off.url;

  return async () => {
    await Promise.allSettled([stopGroup(api.pid!), stopGroup(worker.pid!)]);
    await Promise.allSettled([auth.stop(), postgres.stop(), off.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

async function readSideCaughtUp(baseURL: string) {
  const { projections } = (await (await fetch(`${baseURL}/api/health`)).json()) as {
    projections: Array<{ lagEvents: number }>;
  };
  return projections.length > 0 && projections.every((projection) => projection.lagEvents === 0);
}
