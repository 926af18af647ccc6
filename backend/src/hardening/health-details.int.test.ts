import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForProjections, projectionNames } from '@labelwise/projections';
import { createUser } from '../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../testing/test-server';

/** Issue #19, 1: the health report keeps internal details (error texts) for administrators. */
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
    const head = await server.ctx.store.headPosition();
    expect((await waitForProjections(server.ctx.db, projectionNames, head, 10_000)).caughtUp).toBe(true);
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
