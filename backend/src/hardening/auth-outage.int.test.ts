import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startAuthEmulator, type AuthEmulatorHandle } from '../infra/auth-emulator';
import { freePort } from '@labelwise/runtime';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { startApiProcess, type ApiProcess } from '../../testing/api-process';

/**
 * Fault: the identity provider (a dedicated Auth Emulator) goes down. Calls that must ask it
 * (a signed-in call by a user whose sessions were not checked in the last AUTH_SESSION_CHECK_SECONDS)
 * answer 503 with a clear message; public reads keep working. The API runs as a process of its own:
 * the provider's address is process-wide, and this worker's other files use the run's.
 */
let root: string;
let emulator: AuthEmulatorHandle;
let database: { url: string; drop: () => Promise<void> };
let server: ApiProcess;
let token: string;
/** A user whose sessions the API has not checked yet when the provider goes down. */
let newcomerToken: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-auth-outage-'));
  const port = await freePort();
  emulator = await startAuthEmulator({
    port,
    projectId: inject('firebaseProjectId'),
    workDir: path.join(root, 'auth'),
  });
  database = await createTestDatabase();
  server = await startApiProcess({ databaseUrl: database.url, authEmulatorHost: emulator.host });
  const signUp = async (email: string) => {
    const res = await fetch(
      `http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct-horse-1', returnSecureToken: true }),
      },
    );
    return ((await res.json()) as { idToken: string }).idToken;
  };
  token = await signUp('outage@example.test');
  newcomerToken = await signUp('newcomer@example.test');
});

afterAll(async () => {
  await server?.stop();
  await emulator?.stop().catch(() => {});
  await database?.drop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('the identity provider is down', () => {
  it('answers 503 to calls that need it, keeps public reads working, and reports it in /api/health', async () => {
    const rename = (as: string, username: string) =>
      server.api('/api/user/username', { method: 'PATCH', token: as, body: { username } });
    expect((await rename(token, 'outage_user')).status).toBe(200);

    await emulator.stop();
    // Checked a moment ago: within the bound its write needs no provider.
    expect((await rename(token, 'outage_user_2')).status).toBe(200);
    const write = await rename(newcomerToken, 'outage_newcomer');
    expect(write.status).toBe(503);
    expect(write.body).toEqual({
      error: 'AUTH_UNAVAILABLE',
      message: 'Sign-in service is unavailable. Please try again shortly.',
    });
    for (const path of [
      '/api/products',
      '/api/articles',
      '/api/community/clean-alternatives',
      '/api/recently-scanned',
    ]) {
      expect([path, (await server.api(path)).status]).toEqual([path, 200]);
    }
    // A public read with a token still answers: the token only decorates it.
    expect((await server.api('/api/products', { token })).status).toBe(200);
    const health = await server.api('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'degraded', auth: { ok: false } });
  });
});
