// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { bearerToken, throwIfNotOk } from './http-client';
import type { TokenSource } from './token-source';

/** A token source like the Firebase one: answers are scripted per call. */
function tokenSource(answers: Array<string | Error>, hasUser = true) {
  const calls: boolean[] = [];
  const source: TokenSource = {
    ready: async () => {},
    hasUser: () => hasUser,
    getIdToken: async (force) => {
      calls.push(force);
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer ?? '';
    },
  };
  return { tokens: async () => source, calls };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('bearerToken', () => {
  it('sends the mock token when the mock-auth flag is set', async () => {
    localStorage.setItem('mockAuthState', 'authenticated');
    const { tokens, calls } = tokenSource(['real']);
    await expect(bearerToken(tokens)).resolves.toBe('mock-token');
    expect(calls).toEqual([]);
  });

  it('sends no token without a user', async () => {
    const { tokens, calls } = tokenSource(['unused'], false);
    await expect(bearerToken(tokens)).resolves.toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks at once, without forcing a refresh (no fixed wait before a request)', async () => {
    const { tokens, calls } = tokenSource(['cached-token']);
    const token = bearerToken(tokens);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([false]);
    await expect(token).resolves.toBe('cached-token');
  });

  it('forces a refresh when the token comes back empty', async () => {
    const { tokens, calls } = tokenSource(['', 'fresh-token']);
    const token = bearerToken(tokens);
    await vi.advanceTimersByTimeAsync(0);
    await expect(token).resolves.toBe('fresh-token');
    expect(calls).toEqual([false, true]);
  });

  it('retries once, 500 ms after a failure', async () => {
    const { tokens, calls } = tokenSource([new Error('network'), 'second-try']);
    const token = bearerToken(tokens);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([false]);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toEqual([false]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(token).resolves.toBe('second-try');
    expect(calls).toEqual([false, false]);
  });

  it('gives up after the retry fails', async () => {
    const { tokens } = tokenSource([new Error('first'), new Error('second')]);
    const token = bearerToken(tokens);
    const settled = expect(token).rejects.toThrow('second');
    await vi.advanceTimersByTimeAsync(500);
    await settled;
  });
});

describe('throwIfNotOk', () => {
  it("raises an ApiError with the status and the server's code and message", async () => {
    const response = new Response(JSON.stringify({ error: 'NOT_FOUND', message: 'No such product' }), {
      status: 404,
    });
    const failure = throwIfNotOk(response);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'No such product',
    });
  });

  it('falls back to the status text when the body is empty', async () => {
    await expect(
      throwIfNotOk(new Response('', { status: 503, statusText: 'Service Unavailable' })),
    ).rejects.toMatchObject({ status: 503, code: null, message: 'Service Unavailable' });
  });

  it('passes OK responses', async () => {
    await expect(throwIfNotOk(new Response('[]', { status: 200 }))).resolves.toBeUndefined();
  });
});
