import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams, SYNC_EVERY_MS } from '@labelwise/domain';
import { createUser } from '../../../testing/emulator-users';
import { startOffStandIn, type OffStandIn } from '../../../testing/off-stand-in';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { scheduleOffSync } from './sync-schedule';

let off: OffStandIn;
let server: TestServer;

beforeAll(async () => {
  off = await startOffStandIn();
  server = await startTestServer({
    env: { OFF_SYNC: 'daily', OFF_STATIC_URL: off.url, OFF_ALLOW_PRIVATE_NETWORK: 'true' },
  });
});

afterAll(async () => {
  await server?.stop();
  await off?.stop();
});

async function syncsRecorded(): Promise<Array<{ type: string }>> {
  const events = await server.ctx.store.readStream(streams.offSync()).catch(() => []);
  return events.filter((event) => event.type === 'OffSyncFinished');
}

describe('OFF_SYNC=daily', () => {
  it('syncs once when due, one process at a time, and the console shows the last sync and the next due', async () => {
    // The server's own schedule looked at start; a second process looks at the same time.
    const stopSecond = scheduleOffSync(server.ctx, server.ctx.env.DATABASE_URL!, 60_000);
    try {
      await expect.poll(syncsRecorded, { timeout: 60_000, interval: 250 }).toHaveLength(1);
    } finally {
      await stopSecond();
    }
    // Both looked again: nothing is due for a day.
    const stopThird = scheduleOffSync(server.ctx, server.ctx.env.DATABASE_URL!, 60_000);
    await stopThird();
    expect(await syncsRecorded()).toHaveLength(1);
    expect(off.requests.filter((r) => r.path === '/data/delta/index.txt')).toHaveLength(1);

    const admin = await createUser({ admin: true, verified: true });
    const { status, body } = await server.api('/api/admin/off-sync', { token: admin.idToken });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      schedule: 'daily',
      lastSync: { state: 'completed', rowsRead: 100, gap: null, error: null },
    });
    expect(body.lastSync.applied).toHaveLength(2);
    expect(body.lastSync.imported).toBeGreaterThan(50);
    expect(Date.parse(body.nextDueAt)).toBe(Date.parse(body.lastSync.startedAt) + SYNC_EVERY_MS);
  });
});
