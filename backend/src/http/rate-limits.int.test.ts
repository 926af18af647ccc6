import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { createUser, type TestUser } from '../../testing/emulator-users';
import { requestApi, serveWithWorker, testEnv, type TestServer } from '../../testing/test-server';

/** Two API instances on one database, as two processes behind a round-robin serve it. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let apis: TestServer[] = [];
let user: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = testEnv({
    DATABASE_URL: database.url,
    RATE_LIMIT_WRITES_PER_USER: '4',
    RATE_LIMIT_WRITES_PER_IP: '0',
    RATE_LIMIT_WINDOW_SECONDS: '60',
  });
  apis = [];
  for (let i = 0; i < 2; i++)
    apis.push(await serveWithWorker(env, (baseUrl) => (path, request) => requestApi(baseUrl, path, request)));
  user = await createUser({ verified: true });
});
afterAll(async () => {
  for (const api of apis) await api.stop();
  await database?.drop();
});

describe('rate limits across API processes', () => {
  it('count the writes every process answered: the limit holds whichever process gets each request', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await apis[i % 2]!.api('/api/user/username', {
        method: 'PATCH',
        token: user.idToken,
        body: { username: `shared_limit_${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
