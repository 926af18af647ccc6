import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error';
import { needsUsername } from './needs-username';
import { usernameError } from './username-rules';

describe('usernameError', () => {
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

describe('needsUsername', () => {
  it('prompts when the username is missing or blank, not when it exists', async () => {
    await expect(needsUsername(async () => ({ username: null }))).resolves.toBe(true);
    await expect(needsUsername(async () => ({}))).resolves.toBe(true);
    await expect(needsUsername(async () => ({ username: '   ' }))).resolves.toBe(true);
    await expect(needsUsername(async () => ({ username: 'oat_lover' }))).resolves.toBe(false);
  });

  it('prompts when the call fails, unless it failed as unauthorized (401)', async () => {
    const failing = (error: Error) => async () => {
      throw error;
    };
    const answer = (status: number, body: string, statusText = '') =>
      ApiError.of(new Response(body, { status, statusText }));
    await expect(needsUsername(failing(await answer(500, 'Internal Server Error')))).resolves.toBe(true);
    await expect(needsUsername(failing(new TypeError('Failed to fetch')))).resolves.toBe(true);
    const unauthenticated = await answer(401, '{"error":"UNAUTHENTICATED","message":"Please sign in"}');
    await expect(needsUsername(failing(unauthenticated))).resolves.toBe(false);
    await expect(needsUsername(failing(await answer(401, '', 'Unauthorized')))).resolves.toBe(false);
  });
});
