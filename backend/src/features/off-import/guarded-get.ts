import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { useAgent } from 'request-filtering-agent';

/** How an outbound GET may go: where it may connect, and which redirects it follows. */
export interface GuardedGetOptions {
  /**
   * Lets it (and its redirects) reach loopback, private, link-local and other non-public
   * addresses, which are refused otherwise: checked on the address each connection is made to,
   * after the name is resolved, so neither a name nor a redirect leads inside the network.
   */
  allowPrivateNetwork: boolean;
  /** Follows redirects within this origin only (Open Food Facts' configured one); without it, to any http(s) URL. */
  origin?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** An answer that sends nothing for this long fails. */
  idleTimeoutMs: number;
}

const MAX_REDIRECTS = 5;

/** How to let a private address through, said in the refusal. */
export const ALLOW_PRIVATE_NETWORK_HINT =
  'OFF_ALLOW_PRIVATE_NETWORK=true or --allow-private-network allows it';

/** An outbound request the rules refused: a private address, a redirect off its origin or down to http. */
export class RefusedRequest extends Error {
  override name = 'RefusedRequest';
}

/**
 * Where a redirect may lead: http(s) only, never from https down to http (the answer would travel
 * in the clear, and anyone on the way could change it), and within `origin` when one is given.
 */
export function redirectTarget(from: string, location: string, origin?: string): string {
  const target = new URL(location, from);
  const refuse = (why: string) =>
    new RefusedRequest(`Refusing the redirect from ${from} to ${target.href}: ${why}`);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw refuse('only to http(s)');
  if (new URL(from).protocol === 'https:' && target.protocol === 'http:')
    throw refuse('from https down to http');
  if (origin !== undefined && target.origin !== new URL(origin).origin) throw refuse(`it leaves ${origin}`);
  return target.href;
}

/** request-filtering-agent's refusal of a resolved address ("... is not allowed. Because ..."). */
const REFUSED_ADDRESS = /is not allowed/;

/**
 * GETs `url`, following redirects by `redirectTarget`'s rules; resolves with the first answer that
 * is not a redirect, whatever its status. Every hop connects through an agent that checks the
 * address the host name resolves to, at connection time.
 */
export function guardedGet(
  url: string,
  options: GuardedGetOptions,
  redirectsLeft = MAX_REDIRECTS,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const get = url.toLowerCase().startsWith('https:') ? httpsGet : httpGet;
    const agent = useAgent(url, { allowPrivateIPAddress: options.allowPrivateNetwork });
    let response: IncomingMessage | undefined;
    const request = get(
      url,
      { agent, headers: options.headers, ...(options.signal ? { signal: options.signal } : {}) },
      (answer: IncomingMessage) => {
        response = answer;
        const status = answer.statusCode ?? 0;
        const location = answer.headers.location;
        if (status < 300 || status >= 400 || !location) return resolve(answer);
        answer.resume();
        if (redirectsLeft === 0) return reject(new Error(`Too many redirects fetching ${url}`));
        try {
          resolve(guardedGet(redirectTarget(url, location, options.origin), options, redirectsLeft - 1));
        } catch (error) {
          reject(error as Error);
        }
      },
    );
    request.on('error', (error) => {
      reject(
        REFUSED_ADDRESS.test(error.message)
          ? new RefusedRequest(
              `Refusing ${url}: it leads to a loopback, private or link-local address (${error.message}); ${ALLOW_PRIVATE_NETWORK_HINT}`,
            )
          : error,
      );
    });
    // A stalled answer fails the read rather than hanging it.
    request.setTimeout(options.idleTimeoutMs, () => {
      const stalled = new Error(`No data from ${url} for ${options.idleTimeoutMs / 1000} s`);
      response?.destroy(stalled);
      request.destroy(stalled);
    });
  });
}

/** The whole body of an answer as text. */
export async function readText(answer: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
