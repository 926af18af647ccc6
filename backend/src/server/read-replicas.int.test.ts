import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminReadReplicaResponse, healthResponse } from '@labelwise/domain';
import { waitFor } from '@labelwise/runtime';
import { startReplicatedPostgres } from '@labelwise/runtime/testing/streaming-replica';
import { createdProduct, registeredUser } from '../../testing/catalogue-fixtures';
import type { TestUser } from '../../testing/emulator-users';
import type { ApiResponse, TestServer } from '../../testing/test-server';
import { startServerOn } from '../../testing/own-server';
import { READ_AFTER_COOKIE } from '../http/read-after-writes';

/**
 * The read tables on a real PostgreSQL streaming replica: two servers of the embedded binaries on
 * this machine, the replica made from the primary by a base backup and fed through a slot. The
 * API reads from the replica, commands write the primary, and a browser never reads its own write
 * stale: its cookie sends its reads to the primary until the replica has replayed the write.
 */
const MAX_LAG_SECONDS = 3;

let root: string;
let pair: Awaited<ReturnType<typeof startReplicatedPostgres>>;
let server: TestServer;
let admin: TestUser;
let productId: number;
let renames = 0;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-replica-'));
  pair = await startReplicatedPostgres({ dir: root, database: 'labelwise_replica' });
  server = await startServerOn({
    databaseUrl: pair.primary.url(),
    env: {
      // The second "replica" is the primary itself: a URL that names no replica is left out.
      DATABASE_READ_URLS: `${pair.replica.url('labelwise_replica')},${pair.primary.url()}`,
      DATABASE_READ_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS),
    },
  });
  admin = await registeredUser(server, { admin: true });
  productId = await createdProduct(server, admin, { name: 'Replica oat bar', ingredients: 'oats, honey' });
});

afterAll(async () => {
  await pair?.replica.resumeReplay().catch(() => {});
  await server?.stop().catch(() => {});
  await pair?.stop().catch(() => {});
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const replicaState = async () => {
  const health = healthResponse.parse((await server.api('/api/health')).body);
  return health.readReplicas[0]!;
};
const untilReplica = (state: string) =>
  waitFor(async () => (await replicaState()).state === state, `replica 1 ${state}`, 30_000, 50);

/** The cookie an answer sets, as the browser sends it back. */
function cookieOf(res: ApiResponse): string {
  const cookie = res.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(new RegExp(`^${READ_AFTER_COOKIE}=[0-9A-F]+/[0-9A-F]+;`));
  return cookie.split(';')[0]!;
}

/** The product's name as a browser with `cookie` (or none) reads it. */
const nameRead = async (cookie?: string) => {
  const res = await server.api(`/api/products/${productId}`, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return res.body.name as string;
};

/** An administrator renames the product; the answer's cookie names the write. */
async function rename(): Promise<{ name: string; cookie: string }> {
  const name = `Replica oat bar ${++renames}`;
  const res = await server.api(`/api/admin/products/${productId}`, {
    method: 'PUT',
    token: admin.idToken,
    body: { name },
  });
  expect(res.status).toBe(200);
  return { name, cookie: cookieOf(res) };
}

describe('read tables on a streaming replica', () => {
  it('reads from the replica, writes on the primary, and a write comes back through the replica', async () => {
    await untilReplica('in use');
    await waitFor(
      async () => (await server.api(`/api/products/${productId}`)).status === 200,
      'the replica to have the product',
      10_000,
      50,
    );
    const replicas = await server.api('/api/admin/read-replicas', { token: admin.idToken });
    expect(replicas.body.map((row: unknown) => adminReadReplicaResponse.parse(row))).toMatchObject([
      { name: 'replica 1', state: 'in use', error: null, reads: expect.any(Number) },
      { name: 'replica 2', state: 'not a replica', lagSeconds: null },
    ]);
    // The reads above, before the replica had the product and after, were its.
    expect(replicas.body[0].reads).toBeGreaterThan(0);
    // A search (its cache keyed by the replica's data version) and alternatives (a generic plan set
    // in a transaction) run on a read-only replica too.
    const found = (await server.api('/api/products/search?q=replica')).body as Array<{ id: number }>;
    expect(found.map((product) => product.id)).toContain(productId);
    expect((await server.api(`/api/alternatives/${productId}`)).status).toBe(200);

    const before = await nameRead();
    await pair.replica.pauseReplay();
    try {
      const { name, cookie } = await rename();
      // Replay is paused: a browser that did not write reads the replica, as it stood...
      expect(await nameRead()).toBe(before);
      // ...and the browser that wrote reads its write (from the primary), in this request and the next.
      expect(await nameRead(cookie)).toBe(name);
    } finally {
      await pair.replica.resumeReplay();
    }
    // Replayed, the replica serves the write to everyone.
    await waitFor(
      async () => (await nameRead()) === `Replica oat bar ${renames}`,
      'the replica to replay',
      10_000,
      50,
    );
  });

  it('sends a retried write its cookie too, and reads one that has been replayed from the replica', async () => {
    const request = {
      method: 'PUT',
      token: admin.idToken,
      body: { name: 'Replica oat bar, retried' },
      headers: { 'Idempotency-Key': `replica-${Date.now()}` },
    };
    const first = await server.api(`/api/admin/products/${productId}`, request);
    const retry = await server.api(`/api/admin/products/${productId}`, request);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(first.status).toBe(200);
    expect(await nameRead(cookieOf(retry))).toBe('Replica oat bar, retried');
  });

  it('leaves out a replica lagging past the bound: the primary answers, until it catches up', async () => {
    await untilReplica('in use');
    await pair.replica.pauseReplay();
    try {
      const { name } = await rename();
      // The lag is the age of the oldest write it has not replayed: it grows past the bound.
      await untilReplica('lagging');
      // Left out once past the bound, and shown to a tenth of a second: 3.04 s reads 3.0.
      expect((await replicaState()).lagSeconds).toBeGreaterThanOrEqual(MAX_LAG_SECONDS);
      expect((await server.api('/api/health')).body.status).toBe('degraded');
      expect(await nameRead()).toBe(name);
    } finally {
      await pair.replica.resumeReplay();
    }
    await untilReplica('in use');
    expect((await replicaState()).lagSeconds).toBeLessThan(MAX_LAG_SECONDS);
  });

  it('reads from the primary while the replica is down, and from the replica again once it is back', async () => {
    await untilReplica('in use');
    await pair.replica.stop();
    // Every read answers, from the primary, from the moment the replica went away.
    const { name } = await rename();
    const reads = await Promise.all(Array.from({ length: 20 }, () => nameRead()));
    expect(new Set(reads)).toEqual(new Set([name]));
    await untilReplica('down');

    await pair.replica.start();
    await untilReplica('in use');
    // In use means within the lag bound, not caught up: on a busy machine the rename made while it
    // was down may still be on its way.
    await waitFor(async () => (await nameRead()) === name, 'the replica to replay the rename', 10_000, 50);
    await pair.replica.pauseReplay();
    try {
      const renamed = await rename();
      expect(await nameRead()).toBe(name);
      expect(await nameRead(renamed.cookie)).toBe(renamed.name);
    } finally {
      await pair.replica.resumeReplay();
    }
  });
});
