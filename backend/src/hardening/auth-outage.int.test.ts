import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startAuthEmulator, type AuthEmulatorHandle } from '../infra/auth-emulator';
import { freePort } from '@labelwise/event-store/infra/free-port';
import { createTestDatabase } from '@labelwise/event-store/testing/test-database';
import type { TestServer } from '../testing/test-server';
import { startServerOn } from './support/own-server';

/**
 * Fault: the identity provider (a dedicated Auth Emulator) goes down. Calls that must ask it
 * (every write checks revocation) answer 503 with a clear message; public reads keep working.
 */
let root: string;
let emulator: AuthEmulatorHandle;
let database: { url: string; drop: () => Promise<void> };
let server: TestServer;
let token: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-auth-outage-'));
  const port = await freePort();
  emulator = await startAuthEmulator({
    port,
    projectId: inject('firebaseProjectId'),
    workDir: path.join(root, 'auth'),
  });
  database = await createTestDatabase();
  server = await startServerOn({ databaseUrl: database.url, authEmulatorHost: emulator.host });
  const res = await fetch(
    `http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'outage@example.test',
        password: 'correct-horse-1',
        returnSecureToken: true,
      }),
    },
  );
  token = ((await res.json()) as { idToken: string }).idToken;
});

afterAll(async () => {
  await server?.stop();
  await emulator?.stop().catch(() => {});
  await database?.drop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('the identity provider is down', () => {
  it('answers 503 to calls that need it, keeps public reads working, and reports it in /api/health', async () => {
    const rename = () =>
      server.api('/api/user/username', { method: 'PATCH', token, body: { username: 'outage_user' } });
    expect((await rename()).status).toBe(200);

    await emulator.stop();
    const write = await rename();
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
