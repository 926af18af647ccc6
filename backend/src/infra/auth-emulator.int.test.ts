import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulatorHandle } from './auth-emulator';
import { freePort } from '@labelwise/runtime';

/**
 * Two Labelwise instances on one host (two checkouts, or `npm start` beside a test run) each run
 * an Auth Emulator for the same project. firebase-tools names its hub locator file after the
 * project only, in the temp folder: shared, one instance's exit exported the other's accounts
 * and lost its own. Each emulator now has its own temp folder (its work dir).
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-emulators-'));
const started: AuthEmulatorHandle[] = [];
afterAll(async () => {
  await Promise.allSettled(started.map((emulator) => emulator.stop()));
  fs.rmSync(root, { recursive: true, force: true });
});

const PROJECT = 'demo-labelwise-isolation';

async function instance(name: string) {
  const emulator = await startAuthEmulator({
    port: await freePort(),
    projectId: PROJECT,
    workDir: path.join(root, name, 'firebase'),
    persistDir: path.join(root, name, 'auth'),
  });
  started.push(emulator);
  return emulator;
}

async function signUp(emulator: AuthEmulatorHandle, email: string) {
  const res = await fetch(
    `http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-123', returnSecureToken: true }),
    },
  );
  expect(res.status).toBe(200);
}

/** The emails in an instance's exported accounts. */
function exported(name: string): string[] {
  const file = path.join(root, name, 'auth', 'auth_export', 'accounts.json');
  const accounts = JSON.parse(fs.readFileSync(file, 'utf8')) as { users?: Array<{ email?: string }> };
  return (accounts.users ?? []).map((user) => user.email ?? '').sort();
}

describe('Auth Emulator state per instance', () => {
  it('two emulators of one project with different work dirs each export their own accounts on exit', async () => {
    const [a, b] = await Promise.all([instance('a'), instance('b')]);
    await Promise.all([signUp(a, 'only-in-a@example.com'), signUp(b, 'only-in-b@example.com')]);

    await a.stop();
    await b.stop();

    expect(exported('a')).toEqual(['only-in-a@example.com']);
    expect(exported('b')).toEqual(['only-in-b@example.com']);
  }, 120_000);
});
