import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@labelwise/runtime/embedded-postgres';
import { freePort } from '@labelwise/runtime';
import { START } from '@labelwise/event-store';
import { caughtUp, createdProduct, registeredUser } from '../../testing/catalogue-fixtures';
import type { TestUser } from '../../testing/emulator-users';
import type { ApiResponse, TestServer } from '../../testing/test-server';
import { startServerOn } from '../../testing/own-server';

/**
 * Fault: PostgreSQL restarts (fast shutdown, then start) while people keep using Labelwise.
 * Requests in flight or arriving while it is down answer 503 with a clear message, nothing is
 * half-written, and the service recovers by itself within seconds.
 */
let root: string;
let port: number;
let postgres: EmbeddedPostgresHandle;
let server: TestServer;
let users: TestUser[];
let productId: number;

const startPostgres = () =>
  startEmbeddedPostgres({ dataDir: path.join(root, 'postgres'), port, database: 'labelwise_restart' });

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-pg-restart-'));
  port = await freePort();
  postgres = await startPostgres();
  server = await startServerOn({ databaseUrl: postgres.url(), env: { SCAN_LIMIT: '100000' } });
  users = await Promise.all(Array.from({ length: 4 }, () => registeredUser(server)));
  productId = await createdProduct(server, users[0]!, { name: 'Restart bar', ingredients: 'oats, honey' });
});

afterAll(async () => {
  await server?.stop().catch(() => {});
  await postgres?.stop().catch(() => {});
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

interface Outcome {
  at: number;
  kind: 'read' | 'scan' | 'profile';
  res: ApiResponse;
}

describe('PostgreSQL restarts under traffic', () => {
  it('answers 503 while it is away, writes nothing by halves, and recovers by itself', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const client = async (user: TestUser) => {
      while (running) {
        const scan = server.api('/api/users/scanned-products', {
          method: 'POST',
          token: user.idToken,
          body: { productId, scannedAt: new Date().toISOString() },
        });
        const read = server.api(`/api/products/${productId}`);
        const profile = server.api('/api/user/profile', { token: user.idToken });
        const [s, r, p] = await Promise.all([scan, read, profile]);
        const at = Date.now();
        outcomes.push(
          { at, kind: 'scan', res: s },
          { at, kind: 'read', res: r },
          { at, kind: 'profile', res: p },
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const clients = Promise.all(users.map(client));

    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stoppedAt = Date.now();
    await postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    postgres = await startPostgres();
    const restartedAt = Date.now();

    // Recovery: the first scan that succeeds after PostgreSQL is back.
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - restartedAt < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      recoveredAt =
        outcomes.find((o) => o.at > restartedAt && o.kind === 'scan' && o.res.status === 201)?.at ?? 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await clients;

    const statuses = new Map<string, number>();
    for (const o of outcomes)
      statuses.set(`${o.kind} ${o.res.status}`, (statuses.get(`${o.kind} ${o.res.status}`) ?? 0) + 1);
    const unexpected = outcomes.filter((o) => ![200, 201, 503].includes(o.res.status));
    expect(unexpected.map((o) => [o.kind, o.res.status, o.res.body])).toEqual([]);
    const unavailable = outcomes.filter((o) => o.res.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const o of unavailable) {
      expect(o.res.body).toEqual({
        error: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/unavailable.*try again/i),
      });
    }
    expect(recoveredAt).toBeGreaterThan(0);
    const recoverySeconds = (recoveredAt - restartedAt) / 1000;
    expect(recoverySeconds).toBeLessThan(10);

    // Nothing half-written: every answered scan is an event, every event is one whole scan,
    // and the read tables hold exactly what the events say once the worker has caught up.
    await caughtUp(server, ['user_scans', 'monthly_scan_counts', 'user_profiles']);
    const events = (await server.ctx.store.readAll(START, 1_000_000)).filter(
      (e) => e.type === 'ScanRecorded',
    );
    const answered = outcomes.filter((o) => o.kind === 'scan' && o.res.status === 201).length;
    const attempted = outcomes.filter((o) => o.kind === 'scan').length;
    expect(events.length).toBeGreaterThanOrEqual(answered);
    expect(events.length).toBeLessThanOrEqual(attempted);
    for (const user of users) {
      const recorded = events.filter((e) => e.data.uid === user.uid).length;
      const stats = await server.api('/api/user-stats', { token: user.idToken });
      expect(stats.body.scansThisMonth).toBe(recorded);
    }
    const health = await server.api('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.projections.filter((p: { state: string }) => p.state === 'parked')).toEqual([]);

    console.warn(
      `PostgreSQL restart under traffic: ${outcomes.length} requests, ${unavailable.length} answered 503, ` +
        `down ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s, recovered ${recoverySeconds.toFixed(1)} s after restart; ` +
        `${answered} scans answered, ${events.length} recorded; ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  });

  it("gives back the Idempotency-Key of a request PostgreSQL's stop failed: its retry runs once the database is back", async () => {
    const user = users[1]!;
    const key = randomUUID();
    const scannedAt = new Date().toISOString();
    const scan = () =>
      server.api('/api/users/scanned-products', {
        method: 'POST',
        token: user.idToken,
        headers: { 'Idempotency-Key': key },
        body: { productId, scannedAt },
      });
    // Reads of the event log wait behind this lock: the request is in flight when PostgreSQL stops.
    const blocker = new pg.Client({ connectionString: postgres.url() });
    blocker.on('error', () => {});
    await blocker.connect();
    await blocker.query('begin; lock table events in access exclusive mode');
    const inFlight = scan();
    await expect
      .poll(async () => {
        const { rows } = await sql`select 1 from idempotent_requests where key = ${key}`.execute(
          server.ctx.db,
        );
        return rows.length;
      })
      .toBe(1);
    await postgres.stop();
    expect((await inFlight).status).toBe(503);
    postgres = await startPostgres();
    const restartedAt = Date.now();
    let retry = await scan();
    while (retry.status !== 201 && Date.now() - restartedAt < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      retry = await scan();
    }
    expect({ status: retry.status, error: retry.body.error }).toEqual({ status: 201, error: undefined });
    console.warn(
      `Idempotency-Key of a request failed by PostgreSQL's stop: its retry ran ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart`,
    );
  });
});
