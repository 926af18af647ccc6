import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('fills the embedded defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.API_PROCESSES).toBe(1);
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

  it("points at Open Food Facts' own addresses, with live lookup and the sync schedule off", () => {
    const env = parseEnv({});
    expect(env.OFF_STATIC_URL).toBe('https://static.openfoodfacts.org');
    expect(env.OFF_API_URL).toBe('https://world.openfoodfacts.org');
    expect(env.OFF_LIVE_LOOKUP).toBe(false);
    expect(env.OFF_SYNC).toBe('off');
    expect(parseEnv({ OFF_API_URL: 'http://127.0.0.1:8080/' }).OFF_API_URL).toBe('http://127.0.0.1:8080');
    expect(() => parseEnv({ OFF_API_URL: 'ftp://off.example' })).toThrow(/OFF_API_URL/);
  });

  it('trusts no proxy unless told which, keeps the OFF budget within what OFF asks', () => {
    const env = parseEnv({});
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.OFF_CALLS_PER_MINUTE).toBeLessThanOrEqual(15);
    expect(env.OFF_ALLOW_PRIVATE_NETWORK).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true: .*would trust every client/);
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.example' })).toThrow(
      /TRUST_PROXY: proxy.example: not a proxy/,
    );
  });

  it('reads the replicas of DATABASE_URL, and refuses them without it or as anything but PostgreSQL URLs', () => {
    expect(parseEnv({}).DATABASE_READ_URLS).toEqual([]);
    expect(parseEnv({}).DATABASE_READ_MAX_LAG_SECONDS).toBe(5);
    const primary = { DATABASE_URL: 'postgres://app@primary/labelwise' };
    const env = parseEnv({
      ...primary,
      DATABASE_READ_URLS: 'postgres://app@replica-1/labelwise, postgresql://app@replica-2:6432/labelwise',
      DATABASE_READ_MAX_LAG_SECONDS: '0.5',
    });
    expect(env.DATABASE_READ_URLS).toEqual([
      'postgres://app@replica-1/labelwise',
      'postgresql://app@replica-2:6432/labelwise',
    ]);
    expect(env.DATABASE_READ_MAX_LAG_SECONDS).toBe(0.5);
    expect(() => parseEnv({ ...primary, DATABASE_READ_URLS: 'replica-1:5432' })).toThrow(
      /DATABASE_READ_URLS.0: each must be a postgres:\/\/ URL/,
    );
    expect(() => parseEnv({ ...primary, DATABASE_READ_MAX_LAG_SECONDS: '0' })).toThrow(
      /DATABASE_READ_MAX_LAG_SECONDS/,
    );
    expect(() => parseEnv({ DATABASE_READ_URLS: 'postgres://app@replica-1/labelwise' })).toThrow(
      /DATABASE_READ_URLS: replicas need DATABASE_URL/,
    );
  });

  it('refuses live lookup without a contact for OFF', () => {
    expect(() => parseEnv({ OFF_LIVE_LOOKUP: 'true' })).toThrow(
      /OFF_CONTACT: required with OFF_LIVE_LOOKUP=true/,
    );
    expect(parseEnv({ OFF_LIVE_LOOKUP: 'true', OFF_CONTACT: 'mailto:a@b.test' }).OFF_LIVE_LOOKUP).toBe(true);
  });

  it("sends nothing to OFF unless turned on, and refuses to without the app's OFF account", () => {
    expect(parseEnv({}).OFF_CONTRIBUTE).toBe(false);
    const contact = { OFF_CONTRIBUTE: 'true', OFF_CONTACT: 'mailto:a@b.test' };
    expect(() => parseEnv(contact)).toThrow(
      /OFF_USER_ID, OFF_PASSWORD: required with OFF_CONTRIBUTE=true \(the app's Open Food Facts account/,
    );
    expect(() => parseEnv({ ...contact, OFF_USER_ID: 'labelwise' })).toThrow(/OFF_PASSWORD/);
    expect(() =>
      parseEnv({ OFF_CONTRIBUTE: 'true', OFF_USER_ID: 'labelwise', OFF_PASSWORD: 'secret' }),
    ).toThrow(/OFF_CONTACT: required with OFF_CONTRIBUTE=true/);
    const env = parseEnv({ ...contact, OFF_USER_ID: 'labelwise', OFF_PASSWORD: 'secret' });
    expect(env.OFF_CONTRIBUTE).toBe(true);
  });

  it('reads flags and lists', () => {
    const env = parseEnv({ ALLOW_MOCK_AUTH: 'true', CORS_ORIGINS: 'http://a.test, http://b.test' });
    expect(env.ALLOW_MOCK_AUTH).toBe(true);
    expect(env.CORS_ORIGINS).toEqual(['http://a.test', 'http://b.test']);
  });
});

describe('production mode', () => {
  // Only the service-account file's presence is checked here (firebase-admin reads it): any file will do.
  const credentials = fileURLToPath(import.meta.url);
  const production = {
    NODE_ENV: 'production',
    FIREBASE_PROJECT_ID: 'labelwise-prod',
    GOOGLE_APPLICATION_CREDENTIALS: credentials,
    FIREBASE_WEB_API_KEY: 'AIza-web-key',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_PRICE_MONTHLY: 'price_m',
    STRIPE_PRICE_YEARLY: 'price_y',
  };

  it('starts with real identity and real payments', () => {
    expect(parseEnv(production).NODE_ENV).toBe('production');
  });

  it('refuses the Auth Emulator, mock auth and a demo project, naming each variable', () => {
    expect(() => parseEnv({ ...production, FIREBASE_AUTH_EMULATOR_HOST: 'auth:9099' })).toThrow(
      /Refusing to start with NODE_ENV=production:\n {2}FIREBASE_AUTH_EMULATOR_HOST: /,
    );
    expect(() => parseEnv({ ...production, ALLOW_MOCK_AUTH: 'true' })).toThrow(/ALLOW_MOCK_AUTH/);
    expect(() => parseEnv({ ...production, AUTH_TRUSTED_TEST_KEYS: '/tmp/keys.json' })).toThrow(
      /AUTH_TRUSTED_TEST_KEYS: keys outside Google's/,
    );
    expect(() => parseEnv({ ...production, FIREBASE_PROJECT_ID: 'demo-labelwise' })).toThrow(
      /FIREBASE_PROJECT_ID: 'demo-labelwise' is an emulator-only demo project/,
    );
  });

  it('refuses to run without Firebase credentials or the web config the apps sign in with (#37.4)', () => {
    const { GOOGLE_APPLICATION_CREDENTIALS: _credentials, ...withoutCredentials } = production;
    expect(() => parseEnv(withoutCredentials)).toThrow(
      /^Refusing to start with NODE_ENV=production:\n {2}GOOGLE_APPLICATION_CREDENTIALS: required in production \(the Firebase service-account JSON file/,
    );
    expect(() =>
      parseEnv({ ...production, GOOGLE_APPLICATION_CREDENTIALS: `${credentials}.missing` }),
    ).toThrow(/GOOGLE_APPLICATION_CREDENTIALS: no file at '.*env\.test\.ts\.missing'/);
    const { FIREBASE_WEB_API_KEY: _webKey, ...withoutWebConfig } = production;
    expect(() => parseEnv(withoutWebConfig)).toThrow(/FIREBASE_WEB_API_KEY: required in production/);
  });

  it('refuses test-mode payments: no Stripe keys, or a Stripe test key', () => {
    const { STRIPE_SECRET_KEY: _omitted, ...withoutStripe } = production;
    expect(() => parseEnv(withoutStripe)).toThrow(/STRIPE_SECRET_KEY: required in production/);
    expect(() => parseEnv({ ...production, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_SECRET_KEY: a test-mode key/,
    );
  });

  it('lets development keep its local defaults', () => {
    expect(() =>
      parseEnv({ FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099', ALLOW_MOCK_AUTH: '1' }),
    ).not.toThrow();
  });
});
