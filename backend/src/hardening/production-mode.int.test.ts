import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../testing/emulator-users';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * Issue #19, 1: a production process never runs with the Auth Emulator (it accepts unsigned
 * tokens), mock auth or test-mode payments; the health report keeps internal details for admins.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Runs `script` as production would start it; resolves with its exit code and output. */
function runProcess(script: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  });
}

const production = {
  NODE_ENV: 'production',
  // Nothing listens there: a process that got past its configuration would fail differently.
  DATABASE_URL: 'postgres://labelwise:secret@127.0.0.1:9/labelwise',
  FIREBASE_PROJECT_ID: 'labelwise-prod',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
};

describe('a production process', () => {
  it.each([
    ['the API', 'backend/src/server/main.ts'],
    ['the launcher (npm start)', 'backend/src/launcher/main.ts'],
  ])('%s refuses to start with the Auth Emulator, naming the variable', async (_name, script) => {
    const { code, output } = await runProcess(script, production);
    expect(code).not.toBe(0);
    expect(output).toContain('Refusing to start with NODE_ENV=production');
    expect(output).toContain('FIREBASE_AUTH_EMULATOR_HOST');
    // ...and refuses test-mode payments in the same breath: no Stripe keys were given.
    expect(output).toContain('STRIPE_SECRET_KEY: required in production');
    expect(output).not.toContain('listening');
  });
});

async function waitForCaughtUp(server: TestServer): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { body } = await server.api('/api/health');
    if (body.projections.every((p: { lagEvents: number }) => p.lagEvents === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('projections did not catch up in 10 s');
}

describe('GET /api/health', () => {
  let server: TestServer;
  let adminToken: string;
  let userToken: string;
  const secret = 'connect ECONNREFUSED postgres://labelwise:hunter2@10.0.0.7:5432';

  beforeAll(async () => {
    server = await startTestServer();
    adminToken = (await createUser({ admin: true, verified: true })).idToken;
    userToken = (await createUser({ verified: true })).idToken;
    // Registered (and projected) first: a later event would move the checkpoint and unpark it.
    await server.api('/api/user/profile', { token: adminToken });
    await server.api('/api/user/profile', { token: userToken });
    await waitForCaughtUp(server);
    // A parked projection whose error text carries a connection string.
    await server.ctx.db
      .updateTable('projection_checkpoints')
      .set({ state: 'parked', last_error: secret })
      .where('name', '=', 'articles')
      .execute();
  });
  afterAll(() => server.stop());

  it('shows the state to everyone but the error texts only to administrators', async () => {
    const anonymous = await server.api('/api/health');
    expect(anonymous.body.status).toBe('degraded');
    expect(JSON.stringify(anonymous.body)).not.toContain('hunter2');
    expect(anonymous.body.projections.find((p: { name: string }) => p.name === 'articles')).toMatchObject({
      state: 'parked',
      lastError: null,
    });

    const user = await server.api('/api/health', { token: userToken });
    expect(JSON.stringify(user.body)).not.toContain('hunter2');

    const admin = await server.api('/api/health', { token: adminToken });
    expect(admin.body.projections.find((p: { name: string }) => p.name === 'articles').lastError).toBe(
      secret,
    );
  });
});
