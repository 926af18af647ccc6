import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START } from '@labelwise/event-store';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { createUser, type TestUser } from '../../testing/emulator-users';
import { requestApi, serveWithWorker, testEnv, type TestServer } from '../../testing/test-server';
import { caughtUp } from '../../testing/catalogue-fixtures';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: TestServer;
let admin: TestUser;
let member: TestUser;

/** The API as `npm start` runs it: the starter set of real OFF products imported at boot. */
const boot = () =>
  serveWithWorker(
    testEnv({ DATABASE_URL: database.url, OFF_STARTER_SET: 'true' }),
    (baseUrl) => (path, request) => requestApi(baseUrl, path, request),
  );

const allEvents = () => server.ctx.store.readAll(START, 100_000);
const countEvents = async (type: string) => (await allEvents()).filter((e) => e.type === type).length;

async function importRuns() {
  await caughtUp(server, ['import_runs']);
  return server.api('/api/admin/import-runs?sort=["source","ASC"]', { token: admin.idToken });
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await boot();
  [admin, member] = await Promise.all([
    createUser({ admin: true, verified: true }),
    createUser({ verified: true }),
  ]);
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('the Open Food Facts starter set on first start', () => {
  it('is imported through the importer and shown as import runs in the console', async () => {
    const res = await importRuns();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('import-runs 0-1/2');
    const runs = res.body as Array<Record<string, unknown>>;
    expect(runs.map((run) => [String(run.source).split('/').pop(), run.format, run.state])).toEqual([
      ['off-starter.csv', 'csv', 'completed'],
      ['off-starter.jsonl', 'jsonl', 'completed'],
    ]);
    const imported = runs.reduce((sum, run) => sum + Number(run.imported), 0);
    expect(imported).toBeGreaterThanOrEqual(85);
    expect(runs.every((run) => run.skippedTotal === 0 && run.finishedAt !== null && run.error === null)).toBe(
      true,
    );
    expect(await countEvents('ProductImported')).toBe(imported);

    const one = await server.api(`/api/admin/import-runs/${String(runs[0]!.id)}`, { token: admin.idToken });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(runs[0]);
  });

  it('is not imported again on restart: no new run, no new event', async () => {
    const before = (await allEvents()).length;
    await server.stop();
    server = await boot();
    expect((await allEvents()).length).toBe(before);
    expect((await importRuns()).headers.get('content-range')).toBe('import-runs 0-1/2');
  });

  it('keeps the runs to administrators and answers bad requests clearly', async () => {
    expect((await server.api('/api/admin/import-runs')).status).toBe(401);
    expect((await server.api('/api/admin/import-runs', { token: member.idToken })).status).toBe(403);
    const missing = await server.api('/api/admin/import-runs/nope', { token: admin.idToken });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'IMPORT_RUN_NOT_FOUND' });
    const bad = await server.api(`/api/admin/import-runs?filter=${encodeURIComponent('{"state":"done"}')}`, {
      token: admin.idToken,
    });
    expect(bad.status).toBe(400);
    const filtered = await server.api(
      `/api/admin/import-runs?filter=${encodeURIComponent('{"q":"jsonl","state":"completed"}')}`,
      { token: admin.idToken },
    );
    expect(filtered.body.map((run: { format: string }) => run.format)).toEqual(['jsonl']);
  });
});
