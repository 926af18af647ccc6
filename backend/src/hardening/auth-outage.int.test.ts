import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { startApiProcess, type ApiProcess } from '../../testing/api-process';
import { createUser } from '../../testing/emulator-users';
import { startTcpRelay, type TcpRelay } from '../../testing/tcp-relay';

/**
 * Fault: the identity provider goes down. Calls that must ask it (a signed-in call by a user whose
 * sessions were not checked in the last AUTH_SESSION_CHECK_SECONDS) answer 503 with a clear
 * message; public reads keep working. The API reaches the run's Auth Emulator through a relay
 * that the test cuts: for the API the provider is gone (its connections cut, new ones refused),
 * for the other files it is not. The API runs as a process of its own: firebase-admin reads the
 * provider's address from process.env, process-wide.
 */
let provider: TcpRelay;
let database: { url: string; drop: () => Promise<void> };
let server: ApiProcess;
let token: string;
/** A user whose sessions the API has not checked yet when the provider goes down. */
let newcomerToken: string;

beforeAll(async () => {
  provider = await startTcpRelay(inject('authEmulatorHost'));
  database = await createTestDatabase();
  server = await startApiProcess({ databaseUrl: database.url, authEmulatorHost: provider.host });
  const [user, newcomer] = await Promise.all([createUser(), createUser()]);
  token = user.idToken;
  newcomerToken = newcomer.idToken;
});

afterAll(async () => {
  await server?.stop();
  await provider?.cut();
  await database?.drop();
});

describe('the identity provider is down', () => {
  it('answers 503 to calls that need it, keeps public reads working, and reports it in /api/health', async () => {
    const rename = (as: string, username: string) =>
      server.api('/api/user/username', { method: 'PATCH', token: as, body: { username } });
    expect((await rename(token, 'outage_user')).status).toBe(200);

    await provider.cut();
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
