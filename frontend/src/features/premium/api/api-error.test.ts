import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from './api-error';

describe('apiErrorMessage', () => {
  it("reads the provider's message from a JSON error body", () => {
    const error = new Error('402: {"error":"CARD_DECLINED","message":"Your card was declined."}');
    expect(apiErrorMessage(error, 'fallback')).toBe('Your card was declined.');
  });

  it('falls back when the body is not JSON or has no message', () => {
    expect(apiErrorMessage(new Error('502: Bad Gateway'), 'fallback')).toBe('fallback');
    expect(apiErrorMessage(new Error('400: {"error":"X"}'), 'fallback')).toBe('fallback');
    expect(apiErrorMessage('nope', 'fallback')).toBe('fallback');
  });
});
