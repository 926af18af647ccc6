import {
  ConsecutiveBreaker,
  TimeoutStrategy,
  circuitBreaker,
  handleAll,
  timeout,
  wrap,
  type IPolicy,
} from 'cockatiel';
import { guardedGet, readText, type JsonObject } from '../off-import';

/** OFF's answer for one barcode: its product document, or that it does not know it. */
export type OffProductAnswer = { kind: 'found'; doc: JsonObject } | { kind: 'not found' };

/** OFF did not answer usefully (down, slow, rate-limited, an answer that is not its document). */
export class OffUnavailable extends Error {
  override name = 'OffUnavailable';
}

export interface OffReadApiOptions {
  apiUrl: string;
  userAgent: string;
  /** `OFF_ALLOW_PRIVATE_NETWORK`: `apiUrl` may lead to a loopback or private address (a stand-in, a mirror). */
  allowPrivateNetwork: boolean;
  /** A call that has not answered by then is abandoned (at most 2 s: a user is waiting). */
  timeoutMs?: number;
  /** Failures in a row that open the circuit: no call to OFF until `halfOpenAfterMs` has passed. */
  failuresToOpen?: number;
  halfOpenAfterMs?: number;
}

export const OFF_READ_TIMEOUT_MS = 2000;

/**
 * OFF's read API for one product (`/api/v2/product/{code}`), behind a timeout and a circuit
 * breaker: while OFF is failing, lookups stop asking it for a while instead of each waiting out
 * the timeout. "Not found" is an answer, not a failure. A redirect off `apiUrl`'s origin, or to a
 * private address, is refused (see `guardedGet`) and counts as OFF failing.
 */
export function offReadApi(options: OffReadApiOptions): (code: string) => Promise<OffProductAnswer> {
  const policy: IPolicy = wrap(
    circuitBreaker(handleAll, {
      halfOpenAfter: options.halfOpenAfterMs ?? 30_000,
      breaker: new ConsecutiveBreaker(options.failuresToOpen ?? 5),
    }),
    timeout(
      Math.min(options.timeoutMs ?? OFF_READ_TIMEOUT_MS, OFF_READ_TIMEOUT_MS),
      TimeoutStrategy.Aggressive,
    ),
  );
  return async (code) => {
    try {
      return await policy.execute(({ signal }) => fetchProduct(options, code, signal));
    } catch (error) {
      if (error instanceof OffUnavailable) throw error;
      throw new OffUnavailable(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  };
}

async function fetchProduct(
  options: OffReadApiOptions,
  code: string,
  signal: AbortSignal,
): Promise<OffProductAnswer> {
  const res = await guardedGet(`${options.apiUrl}/api/v2/product/${encodeURIComponent(code)}`, {
    allowPrivateNetwork: options.allowPrivateNetwork,
    origin: options.apiUrl,
    headers: { 'user-agent': options.userAgent, accept: 'application/json' },
    signal,
    idleTimeoutMs: OFF_READ_TIMEOUT_MS,
  });
  const status = res.statusCode ?? 0;
  const ok = status >= 200 && status < 300;
  const body = await readText(res)
    .then((text): unknown => JSON.parse(text))
    .catch(() => null);
  const answer = body && typeof body === 'object' ? (body as JsonObject) : null;
  // OFF answers an unknown code with 404 (older versions with 200) and `status: 0`.
  if (answer?.status === 0 && (status === 404 || ok)) return { kind: 'not found' };
  if (!ok) throw new OffUnavailable(`OFF answered HTTP ${status}`);
  const product = answer?.product;
  if (answer?.status !== 1 || !product || typeof product !== 'object')
    throw new OffUnavailable('OFF answered something that is not a product document');
  return { kind: 'found', doc: { code: answer.code ?? code, ...(product as JsonObject) } };
}
