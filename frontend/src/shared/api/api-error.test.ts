import { describe, expect, it } from 'vitest';
import { ApiError, serverMessage } from './api-error';

const answer = (status: number, body: string, statusText = '') =>
  ApiError.of(new Response(body, { status, statusText }));

describe('ApiError.of', () => {
  it("reads the server's code, message and details", async () => {
    const error = await answer(
      400,
      '{"error":"VALIDATION_ERROR","message":"name: Required","details":{"field":"name"}}',
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'name: Required',
      details: { field: 'name' },
    });
  });

  it('keeps the text, or the status text, of an answer that is not the server error shape', async () => {
    expect(await answer(502, '<html>Bad Gateway</html>')).toMatchObject({
      status: 502,
      code: null,
      message: '<html>Bad Gateway</html>',
    });
    expect(await answer(503, '', 'Service Unavailable')).toMatchObject({
      status: 503,
      code: null,
      message: 'Service Unavailable',
    });
    expect(await answer(400, '{"error":"X"}')).toMatchObject({ code: null, message: '{"error":"X"}' });
  });
});

describe('serverMessage', () => {
  it("takes the server's message, else the fallback", async () => {
    const taken = await answer(409, '{"error":"USERNAME_TAKEN","message":"Taken."}');
    expect(serverMessage(taken, 'Please try again')).toBe('Taken.');
    const declined = await answer(402, '{"error":"CARD_DECLINED","message":"Your card was declined."}');
    expect(serverMessage(declined, 'fallback')).toBe('Your card was declined.');
  });

  it('falls back when the answer is not the server error shape, or there was no answer', async () => {
    expect(serverMessage(await answer(502, 'Bad Gateway'), 'Please try again')).toBe('Please try again');
    expect(serverMessage(await answer(400, '{"error":"X"}'), 'fallback')).toBe('fallback');
    expect(serverMessage(await answer(400, '{"error":"X","message":""}'), 'fallback')).toBe('fallback');
    expect(serverMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(serverMessage('boom', 'Please try again')).toBe('Please try again');
  });
});
