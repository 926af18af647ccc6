import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../infra/auth-emulator';
import { startEmbeddedPostgres } from '../infra/embedded-postgres';
import { freePort } from '../infra/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    authEmulatorHost: string;
    firebaseProjectId: string;
  }
}

export const TEST_PROJECT_ID = 'demo-labelwise-test';

/**
 * Starts a throw-away PostgreSQL and Auth Emulator on free ports, once per test run,
 * so integration tests also pass while `npm start` is running.
 */
export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-test-'));
  const [pgPort, authPort] = [await freePort(), await freePort()];
  const [postgres, auth] = await Promise.all([
    startEmbeddedPostgres({ dataDir: path.join(root, 'postgres'), port: pgPort, database: 'labelwise_test' }),
    startAuthEmulator({ port: authPort, projectId: TEST_PROJECT_ID, workDir: path.join(root, 'auth') }),
  ]);
  project.provide('postgresAdminUrl', postgres.url('postgres'));
  project.provide('authEmulatorHost', auth.host);
  project.provide('firebaseProjectId', TEST_PROJECT_ID);
  return async () => {
    await Promise.allSettled([auth.stop(), postgres.stop()]);
    fs.rmSync(root, { recursive: true, force: true });
  };
}
