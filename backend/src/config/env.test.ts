import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('fills the embedded defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.FIREBASE_PROJECT_ID).toBe('demo-labelwise');
    expect(env.SCAN_LIMIT).toBe(10);
    expect(env.ALLOW_MOCK_AUTH).toBe(false);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ FIREBASE_AUTH_EMULATOR_HOST: 'nope' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST: must look like host:port/,
    );
    expect(() => parseEnv({ EVENT_STORE: 'eventstoredb' })).toThrow(/EVENTSTORE_CONNECTION_STRING/);
  });

  it('reads flags and lists', () => {
    const env = parseEnv({ ALLOW_MOCK_AUTH: 'true', CORS_ORIGINS: 'http://a.test, http://b.test' });
    expect(env.ALLOW_MOCK_AUTH).toBe(true);
    expect(env.CORS_ORIGINS).toEqual(['http://a.test', 'http://b.test']);
  });
});
