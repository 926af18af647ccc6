/** What is sent for one label: only what the user typed or confirmed, never who they are. */
export interface OffContributionFields {
  code: string;
  /** Absent for a label given to a product OFF already named (an import): its name is OFF's own. */
  productName?: string;
  brands?: string;
  ingredientsTextEn: string;
}

/** How OFF answered a write. `retry`: it may take it later (5xx, timeout, network error). */
export type OffWriteOutcome =
  | { kind: 'saved'; httpStatus: number; answer: string }
  | { kind: 'rejected'; httpStatus: number; answer: string }
  | { kind: 'retry'; httpStatus: number | null; answer: string };

export interface OffWriteApiOptions {
  /** `OFF_API_URL`; a user and password in it (OFF's test server asks for `off:off`) go as basic auth. */
  apiUrl: string;
  userAgent: string;
  userId: string;
  password: string;
  timeoutMs: number;
}

/** What the answers say sent the label: named in OFF's edit history. */
export const OFF_CONTRIBUTION_COMMENT = 'Label given by a user of the Labelwise app';

/** OFF's address without credentials, and the basic-auth header they become (fetch refuses them in a URL). */
export function offApiTarget(apiUrl: string): { base: string; headers: Record<string, string> } {
  const url = new URL(apiUrl);
  if (!url.username) return { base: apiUrl, headers: {} };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  return {
    base: url.toString().replace(/\/+$/, ''),
    headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
  };
}

/**
 * One POST to OFF's write API (`/cgi/product_jqm2.pl`, form-encoded, as OFF documents it), which
 * adds the product or updates the fields given. `signal` aborts it when the process stops.
 */
export async function postToOff(
  options: OffWriteApiOptions,
  fields: OffContributionFields,
  signal?: AbortSignal,
): Promise<OffWriteOutcome> {
  const { base, headers } = offApiTarget(options.apiUrl);
  const form = new URLSearchParams({
    code: fields.code,
    user_id: options.userId,
    password: options.password,
    lang: 'en',
    ...(fields.productName === undefined ? {} : { product_name: fields.productName }),
    ...(fields.brands === undefined ? {} : { brands: fields.brands }),
    ingredients_text_en: fields.ingredientsTextEn,
    comment: OFF_CONTRIBUTION_COMMENT,
  });
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${base}/cgi/product_jqm2.pl`, {
      method: 'POST',
      headers: { ...headers, 'user-agent': options.userAgent, accept: 'application/json' },
      body: form,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    text = await res.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'retry', httpStatus: null, answer: describeError(error) };
  }
  const answer = text.slice(0, 500);
  if (res.status >= 500 || res.status === 429) return { kind: 'retry', httpStatus: res.status, answer };
  if (!res.ok) return { kind: 'rejected', httpStatus: res.status, answer };
  const body = parseJson(text);
  // OFF answers a saved write with `{ status: 1, status_verbose: 'fields saved' }`, a refused one with status 0.
  return body?.status === 1
    ? { kind: 'saved', httpStatus: res.status, answer }
    : { kind: 'rejected', httpStatus: res.status, answer };
}

function parseJson(text: string): { status?: unknown } | null {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}

const describeError = (error: unknown) =>
  error instanceof Error
    ? `${error.name}: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
    : String(error);
