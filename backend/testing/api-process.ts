import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePort } from '@labelwise/runtime';
import { nodeArgsFor } from '@labelwise/runtime/testing';
import type { TestServer } from './test-server';
import { callApi } from './own-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ApiProcess = Pick<TestServer, 'baseUrl' | 'api' | 'stop'>;

/** The environment of an API process a test starts: quiet, on the test's database and identity provider. */
export function apiProcessEnv(options: {
  port: number;
  databaseUrl: string;
  authEmulatorHost: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATABASE_URL: options.databaseUrl,
    FIREBASE_PROJECT_ID: inject('firebaseProjectId'),
    FIREBASE_AUTH_EMULATOR_HOST: options.authEmulatorHost,
    // Tests build their own catalogue; the starter set's import has its own test.
    OFF_STARTER_SET: 'false',
  };
}

/**
 * The real API as a process of its own (`backend/src/server/main.ts`, without a projection
 * worker), on a database and identity provider this test owns. For a test whose identity
 * provider is not the run's: firebase-admin reads the provider's address from `process.env`,
 * process-wide, so in the test's own process it would reach the files that share its worker.
 * `api` makes its calls (a network failure is status 0).
 */
export async function startApiProcess(options: {
  databaseUrl: string;
  authEmulatorHost: string;
}): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, nodeArgsFor('backend/src/server/main.ts'), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: apiProcessEnv({ port, ...options }),
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code, signal) =>
      reject(new Error(`the API process exited before listening (${signal ?? code}): ${stderr}`)),
    );
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    api: (apiPath, request) => callApi(baseUrl, apiPath, request),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
