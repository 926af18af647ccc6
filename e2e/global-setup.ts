import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from '../backend/src/infra/auth-emulator';
import { startOffStandIn } from '../backend/testing/off-stand-in';
import { ensureDatabase, startEmbeddedPostgres } from '@labelwise/runtime/embedded-postgres';
import { freePort, waitFor, stopGroup } from '@labelwise/runtime';
import { STACKS, stackEnv, type StackName } from './stacks';

export const E2E_PROJECT_ID = 'demo-labelwise-e2e';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The real stack on free ports, started once per run and shared by every worker: embedded
 * PostgreSQL, the Auth Emulator, and the API serving the built apps with its projection worker, as
 * separate processes like `npm start`; the API asks a local Open Food Facts stand-in about barcodes
 * it does not know, and gives it the labels users agree to share.
 *
 * The API and its worker run twice, on two databases of the one PostgreSQL (see `stacks.ts`): the
 * screen sweep compares whole screens with baselines, so it gets a catalogue no other test writes to.
 */
export default async function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-e2e-'));
  const pgPort = await freePort();
  const authPort = await freePort();
  const [postgres, auth, off] = await Promise.all([
    startEmbeddedPostgres({
      dataDir: path.join(dir, 'postgres'),
      port: pgPort,
      database: STACKS.shared.database,
    }),
    startAuthEmulator({ port: authPort, projectId: E2E_PROJECT_ID, workDir: path.join(dir, 'auth') }),
    startOffStandIn(),
  ]);
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
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
  const processes: number[] = [];
  const start = (entry: string, stackEnvironment: NodeJS.ProcessEnv) => {
    const child = spawn(tsx, [entry], {
      cwd: root,
      env: { ...env, ...stackEnvironment },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    processes.push(child.pid!);
  };

  async function startApp(name: StackName) {
    const { database } = STACKS[name];
    await ensureDatabase(postgres.url('postgres'), database);
    const apiPort = await freePort();
    const appEnv = { PORT: String(apiPort), DATABASE_URL: postgres.url(database) };
    start('backend/src/server/main.ts', appEnv);
    const baseURL = `http://127.0.0.1:${apiPort}`;
    await waitFor(async () => (await fetch(`${baseURL}/api/health`)).ok, `the ${name} API`, 120_000, 300);
    start('projections/src/worker/main.ts', appEnv);
    // The API appends the starter catalogue at boot; screens are compared once the read side has it.
    await waitFor(() => readSideCaughtUp(baseURL), `the ${name} projections to catch up`, 120_000, 300);
    Object.assign(process.env, stackEnv(name, { baseURL, databaseUrl: postgres.url(database) }));
  }

  try {
    await Promise.all([startApp('shared'), startApp('screens')]);
  } catch (error) {
    await stopAll();
    throw error;
  }
  process.env.E2E_AUTH_EMULATOR_HOST = auth.host;
  process.env.E2E_PROJECT_ID = E2E_PROJECT_ID;
  process.env.E2E_OFF_URL = off.url;

  async function stopAll() {
    await Promise.allSettled(processes.map((pid) => stopGroup(pid)));
    await Promise.allSettled([auth.stop(), postgres.stop(), off.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return stopAll;
}

async function readSideCaughtUp(baseURL: string) {
  const { projections } = (await (await fetch(`${baseURL}/api/health`)).json()) as {
    projections: Array<{ lagEvents: number }>;
  };
  return projections.length > 0 && projections.every((projection) => projection.lagEvents === 0);
}
