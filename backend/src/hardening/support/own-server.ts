import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { inject } from 'vitest';
import { projections } from '@labelwise/projections/registry';
import { startProjectionWorker } from '@labelwise/projections/engine';
import { parseEnv } from '../../config/env';
import { buildServer } from '../../server/build';
import { requestApi, type ApiRequest, type ApiResponse, type TestServer } from '../../testing/test-server';

/**
 * The real API and an in-process projection worker on a database and identity provider this test
 * owns (a dedicated PostgreSQL it may restart, an emulator it may kill), so faults stay in one file.
 */
export async function startServerOn(options: {
  databaseUrl: string;
  authEmulatorHost?: string;
  env?: Record<string, string>;
}): Promise<TestServer> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.databaseUrl,
    FIREBASE_PROJECT_ID: inject('firebaseProjectId'),
    FIREBASE_AUTH_EMULATOR_HOST: options.authEmulatorHost ?? inject('authEmulatorHost'),
    ...options.env,
  });
  const logger = pino({ level: 'silent' });
  const server = await buildServer({ env, logger });
  const worker = await startProjectionWorker({
    db: server.ctx.db,
    store: server.ctx.store,
    projections,
    logger,
  });
  const http = server.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    baseUrl,
    ctx: server.ctx,
    api: (path, init) => callApi(baseUrl, path, init),
    async stop() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await worker.stop();
      await server.close();
    },
  };
}

/** One JSON call, as `TestServer.api` makes it, except that a network failure is status 0. */
export async function callApi(baseUrl: string, path: string, request?: ApiRequest): Promise<ApiResponse> {
  try {
    return await requestApi(baseUrl, path, request);
  } catch (error) {
    return { status: 0, body: { error: 'NETWORK', message: String(error) }, headers: new Headers() };
  }
}
