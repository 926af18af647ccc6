import {
  requestApi,
  serveWithWorker,
  testEnv,
  type ApiRequest,
  type ApiResponse,
  type TestServer,
} from './test-server';

/**
 * The real API and an in-process projection worker on a database this test owns (a dedicated
 * PostgreSQL it may restart), so faults stay in one file.
 */
export async function startServerOn(options: {
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<TestServer> {
  const env = testEnv({ DATABASE_URL: options.databaseUrl, ...options.env });
  return serveWithWorker(env, (baseUrl) => (path, request) => callApi(baseUrl, path, request));
}

/** One JSON call, as `TestServer.api` makes it, except that a network failure is status 0. */
export async function callApi(baseUrl: string, path: string, request?: ApiRequest): Promise<ApiResponse> {
  try {
    return await requestApi(baseUrl, path, request);
  } catch (error) {
    return { status: 0, body: { error: 'NETWORK', message: String(error) }, headers: new Headers() };
  }
}
