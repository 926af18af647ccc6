import { describe, expect, it } from 'vitest';
import { needsUsername } from './needs-username';
import { serverMessage, usernameError } from './username-rules';

describe('usernameError (spec §5)', () => {
  it('accepts 3 to 20 letters, digits and underscores, trimmed', () => {
    expect(usernameError('abc')).toBeNull();
    expect(usernameError('  Oat_Lover_2026  ')).toBeNull();
    expect(usernameError('a'.repeat(20))).toBeNull();
  });

  it('gives the spec messages in order', () => {
    expect(usernameError('')).toBe('Username must be at least 3 characters');
    expect(usernameError('  ab  ')).toBe('Username must be at least 3 characters');
    expect(usernameError('a'.repeat(21))).toBe('Username must be less than 20 characters');
    expect(usernameError('oat lover')).toBe('Username can only contain letters, numbers, and underscores');
    expect(usernameError('oat-lover!')).toBe('Username can only contain letters, numbers, and underscores');
  });
});

describe('needsUsername (spec §4)', () => {
  it('prompts when the username is missing or blank, not when it exists', async () => {
    await expect(needsUsername(async () => ({ username: null }))).resolves.toBe(true);
    await expect(needsUsername(async () => ({}))).resolves.toBe(true);
    await expect(needsUsername(async () => ({ username: '   ' }))).resolves.toBe(true);
    await expect(needsUsername(async () => ({ username: 'oat_lover' }))).resolves.toBe(false);
  });

  it('prompts when the call fails, unless the error mentions 401 or Unauthorized', async () => {
    const failing = (message: string) => async () => {
      throw new Error(message);
    };
    await expect(needsUsername(failing('500: Internal Server Error'))).resolves.toBe(true);
    await expect(needsUsername(failing('Failed to fetch'))).resolves.toBe(true);
    await expect(needsUsername(failing('401: {"error":"UNAUTHENTICATED"}'))).resolves.toBe(false);
    await expect(needsUsername(failing('Unauthorized'))).resolves.toBe(false);
  });
});

describe('serverMessage', () => {
  it("takes the JSON body's message, else the fallback", () => {
    expect(
      serverMessage(new Error('409: {"error":"USERNAME_TAKEN","message":"Taken."}'), 'Please try again'),
    ).toBe('Taken.');
    expect(serverMessage(new Error('502: Bad Gateway'), 'Please try again')).toBe('Please try again');
    expect(serverMessage('boom', 'Please try again')).toBe('Please try again');
  });
});
