import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '@labelwise/runtime';
import { bundleEntries, bundlesDir, provideTestPostgres } from '@labelwise/runtime/testing';
import { startAuthEmulator } from '../src/infra/auth-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    firebaseProjectId: string;
  }
}

export const TEST_PROJECT_ID = 'demo-labelwise-test';

/** What the int tests start as processes of their own (nodeArgsFor): bundled once per run. */
const SPAWNED_ENTRIES = [
  'backend/src/cli/admin-claim.ts',
  'backend/src/cli/import-off.ts',
  'backend/src/cli/sync-off.ts',
  'backend/src/launcher/main.ts',
  'backend/src/server/cluster.ts',
  'backend/src/server/main.ts',
  'projections/src/cli/main.ts',
  'projections/src/worker/main.ts',
  'projections/testing/test-worker.ts',
];

/**
 * Starts a throw-away PostgreSQL and Auth Emulator on free ports, once per test run, so
 * integration tests also pass while `npm start` is running; bundles the processes they start.
 */
export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-test-'));
  const authPort = await freePort();
  const bundles = bundlesDir();
  const [stopPostgres, auth, bundled] = await Promise.all([
    provideTestPostgres(project, path.join(root, 'postgres')),
    startAuthEmulator({ port: authPort, projectId: TEST_PROJECT_ID, workDir: path.join(root, 'auth') }),
    bundleEntries(SPAWNED_ENTRIES, bundles),
  ]);
  project.provide('bundledEntries', bundled);
  project.provide('authEmulatorHost', auth.host);
  project.provide('firebaseProjectId', TEST_PROJECT_ID);
  return async () => {
    await Promise.allSettled([auth.stop(), stopPostgres()]);
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(bundles, { recursive: true, force: true });
  };
}
