import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { inject } from 'vitest';
import { projections, startProjectionWorker } from '@labelwise/projections';
import { parseEnv, type Env } from '../src/config/env';
import { buildServer } from '../src/server/build';
import type { AppContext } from '../src/http/context';
import { createTestDatabase } from '@labelwise/runtime/testing';

// Tests read many different response shapes; `any` keeps them free of casts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  baseUrl: string;
  ctx: AppContext;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api<T = any>(path: string, options?: ApiRequest): Promise<ApiResponse<T>>;
  stop(): Promise<void>;
}

export interface ApiRequest {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One call to the API: a JSON body (or a raw string) and a bearer token; the answer parsed as JSON when it is. */
export async function requestApi(
  baseUrl: string,
  path: string,
  { method = 'GET', token, body, headers = {} }: ApiRequest = {},
): Promise<ApiResponse> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed as never, headers: res.headers };
}

/** The environment of a test server: its Auth Emulator, silent logs, and `vars` over them. */
export function testEnv(vars: Record<string, string>): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    FIREBASE_PROJECT_ID: inject('firebaseProjectId'),
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    // Tests build their own catalogue; the starter set's import has its own test.
    OFF_STARTER_SET: 'false',
    ...vars,
  });
}

/**
 * The real API with the projection worker running in-process, on the database and identity
 * provider `env` names, listening on a free loopback port; `api` makes its calls.
 */
export async function serveWithWorker(
  env: Env,
  api: (baseUrl: string) => TestServer['api'],
  clock?: () => Date,
): Promise<TestServer> {
  const logger = pino({ level: 'silent' });
  const server = await buildServer({ env, logger, clock });
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
    api: api(baseUrl),
    async stop() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await worker.stop();
      await server.close();
    },
  };
}

/** The real API and its projection worker on a fresh database and the run's Auth Emulator. */
export async function startTestServer(
  options: { env?: Record<string, string>; clock?: () => Date } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const env = testEnv({ DATABASE_URL: database.url, ...options.env });
  const server = await serveWithWorker(
    env,
    (baseUrl) => (path, request) => requestApi(baseUrl, path, request),
    options.clock,
  );
  return {
    ...server,
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}
