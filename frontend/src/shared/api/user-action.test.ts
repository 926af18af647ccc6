// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getJson, sendJson } from './http-client';
import { idempotencyKey } from './user-action';

/** A real HTTP server that records each request and answers 503 to the first `failures` of them. */
let server: Server;
let baseUrl: string;
let received: Array<{ method: string; url: string; key: string | undefined; body: string }>;
let failures: number;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const key = req.headers['idempotency-key'];
      received.push({ method: req.method!, url: req.url!, key: Array.isArray(key) ? key[0] : key, body });
      res.writeHead(failures-- > 0 ? 503 : 200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  failures = 0;
  // The mock-auth flag gives a token without an identity provider.
  localStorage.setItem('mockAuthState', 'authenticated');
});
afterEach(() => localStorage.clear());

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Idempotency-Key per user action', () => {
  it('gives one action one key per request, and another action other keys', () => {
    const action = {};
    const key = idempotencyKey(action, 'POST', '/api/reviews');
    expect(key).toMatch(uuid);
    expect(idempotencyKey(action, 'POST', '/api/reviews')).toBe(key);
    expect(idempotencyKey(action, 'POST', '/api/users/scanned-products')).not.toBe(key);
    expect(idempotencyKey({}, 'POST', '/api/reviews')).not.toBe(key);
  });

  it('sends the same key on every retry of a mutation, and a new key for the next one', async () => {
    const client = new QueryClient();
    const observer = new MutationObserver(client, {
      mutationFn: (body: { rating: number }, action) =>
        sendJson('POST', `${baseUrl}/api/reviews`, body, action),
      retry: 2,
      retryDelay: 0,
    });
    failures = 2;
    await observer.mutate({ rating: 4 });
    expect(received).toHaveLength(3);
    expect(received.map((request) => request.body)).toEqual(Array(3).fill('{"rating":4}'));
    const [first] = received;
    expect(first!.key).toMatch(uuid);
    expect(received.every((request) => request.key === first!.key)).toBe(true);

    await observer.mutate({ rating: 4 });
    expect(received).toHaveLength(4);
    expect(received[3]!.key).toMatch(uuid);
    expect(received[3]!.key).not.toBe(first!.key);
  });

  it('sends a fresh key with a write made outside a mutation, and none with a read', async () => {
    await sendJson('PUT', `${baseUrl}/api/users/preferences`, {});
    await sendJson('PUT', `${baseUrl}/api/users/preferences`, {});
    expect(received[0]!.key).toMatch(uuid);
    expect(received[1]!.key).not.toBe(received[0]!.key);
    await getJson(`${baseUrl}/api/users/preferences`);
    expect(received[2]).toMatchObject({ method: 'GET', key: undefined });
  });
});
