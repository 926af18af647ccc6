import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '@labelwise/runtime';
import { provideTestPostgres } from '@labelwise/runtime/testing';
import { startAuthEmulator } from '../src/infra/auth-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
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
  const authPort = await freePort();
  const [stopPostgres, auth] = await Promise.all([
    provideTestPostgres(project, path.join(root, 'postgres')),
    startAuthEmulator({ port: authPort, projectId: TEST_PROJECT_ID, workDir: path.join(root, 'auth') }),
  ]);
  project.provide('authEmulatorHost', auth.host);
  project.provide('firebaseProjectId', TEST_PROJECT_ID);
  return async () => {
    await Promise.allSettled([auth.stop(), stopPostgres()]);
    fs.rmSync(root, { recursive: true, force: true });
  };
}
