import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { embeddedDatabaseUrl } from '@labelwise/runtime';
import { createUser, signIn } from '../../testing/emulator-users';
import { jsonlSample } from '../../testing/off-import-samples';

/**
 * Issue 47.4: every tool works on the instance `npm start` would, from the same settings. The run's
 * PostgreSQL stands in for a second instance's embedded one (its `labelwise` database, reached by
 * `EMBEDDED_PG_PORT` alone) and the run's Auth Emulator for its emulator (`AUTH_EMULATOR_PORT`
 * alone); nothing names them otherwise, as `npm start`'s settings for a second instance would not.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const postgresPort = Number(new URL(inject('postgresAdminUrl')).port);
const emulatorPort = inject('authEmulatorHost').split(':')[1]!;
const instance = embeddedDatabaseUrl(postgresPort);
let admin: pg.Client;
let dir: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  await admin.query('create database labelwise');
  dir = await mkdtemp(path.join(os.tmpdir(), 'labelwise-tools-'));
});
afterAll(async () => {
  await admin?.query('drop database if exists labelwise with (force)');
  await admin?.end();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** `npm run <script> -- args`, with `npm start`'s settings for an instance on these ports and no others. */
function runTool(
  script: string,
  args: string[] = [],
): Promise<{ code: number | null; out: string; err: string }> {
  const {
    DATABASE_URL: _db,
    FIREBASE_AUTH_EMULATOR_HOST: _auth,
    GOOGLE_APPLICATION_CREDENTIALS: _credentials,
    ...inherited
  } = process.env;
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      EMBEDDED_PG_PORT: String(postgresPort),
      AUTH_EMULATOR_PORT: emulatorPort,
      FIREBASE_PROJECT_ID: inject('firebaseProjectId'),
      OFF_STATIC_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

const onInstance = `Database: localhost:${postgresPort}/labelwise (the embedded PostgreSQL on EMBEDDED_PG_PORT)`;

async function instanceHolds(query: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: instance });
  await client.connect();
  try {
    return (await client.query(query)).rows;
  } finally {
    await client.end();
  }
}

describe('the tools reach the instance npm start would, and say which', () => {
  it('migrate, import:off, projections, reassess and sync:off work on EMBEDDED_PG_PORT', async () => {
    const migrate = await runTool('migrate');
    expect(migrate.err).toContain(onInstance);
    expect(migrate.code).toBe(0);
    expect(
      await instanceHolds("select 1 from pg_tables where tablename = 'username_claim_key'"),
    ).toHaveLength(1);

    const sample = path.join(dir, 'one.jsonl');
    await writeFile(sample, readFileSync(jsonlSample, 'utf8').split('\n')[0]!);
    const imported = await runTool('import:off', [sample]);
    expect(imported.err).toContain(onInstance);
    expect(imported.code).toBe(0);
    expect(await instanceHolds("select 1 from events where type = 'ProductImported'")).toHaveLength(1);

    const status = await runTool('projections', ['status']);
    expect(status.err).toContain(onInstance);
    expect(status.code).toBe(0);
    expect(status.out).toContain('product_cards');

    const reassess = await runTool('reassess');
    expect(reassess.err).toContain(onInstance);
    expect(reassess.code, reassess.err).toBe(0);

    // Open Food Facts is out of reach here: the sync fails, and records so on this instance.
    const sync = await runTool('sync:off');
    expect(sync.err).toContain(onInstance);
    expect(await instanceHolds("select 1 from events where stream_id = 'off-sync'")).toHaveLength(1);
  }, 300_000);

  it('admin:grant and admin:revoke work on the Auth Emulator on AUTH_EMULATOR_PORT', async () => {
    const user = await createUser({ verified: true });
    const claims = async () => {
      const token = await signIn(user.email, user.password);
      return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { admin?: boolean };
    };
    const granted = await runTool('admin:grant', [user.email]);
    expect(granted.err).toContain(
      `Auth: the Auth Emulator at 127.0.0.1:${emulatorPort} (AUTH_EMULATOR_PORT), project ${inject('firebaseProjectId')}`,
    );
    expect(granted.code).toBe(0);
    expect((await claims()).admin).toBe(true);
    expect((await runTool('admin:revoke', [user.email])).code).toBe(0);
    expect((await claims()).admin).toBeUndefined();
  }, 120_000);
});
