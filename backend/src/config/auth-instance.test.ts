import { describe, expect, it } from 'vitest';
import { authInstanceOf, describeAuthInstance } from './auth-instance';
import { envSchema } from './env';

const settings = (vars: Record<string, string>) => authInstanceOf(envSchema.parse(vars));

describe('the identity provider a process or tool works on', () => {
  it('is the emulator npm start runs on AUTH_EMULATOR_PORT, unless one is named or real credentials are set', () => {
    expect(settings({ AUTH_EMULATOR_PORT: '42011' })).toEqual({
      projectId: 'demo-labelwise',
      emulatorHost: '127.0.0.1:42011',
      startedByLauncher: true,
    });
    expect(settings({ AUTH_EMULATOR_PORT: '42011', FIREBASE_AUTH_EMULATOR_HOST: 'auth.test:9000' })).toEqual({
      projectId: 'demo-labelwise',
      emulatorHost: 'auth.test:9000',
      startedByLauncher: false,
    });
    const real = settings({ GOOGLE_APPLICATION_CREDENTIALS: '/keys/sa.json', FIREBASE_PROJECT_ID: 'shop' });
    expect(real).toEqual({ projectId: 'shop', emulatorHost: null, startedByLauncher: false });
    expect(describeAuthInstance(real)).toBe('Auth: Firebase project shop (GOOGLE_APPLICATION_CREDENTIALS)');
    expect(describeAuthInstance(settings({ AUTH_EMULATOR_PORT: '42011' }))).toBe(
      'Auth: the Auth Emulator at 127.0.0.1:42011 (AUTH_EMULATOR_PORT), project demo-labelwise',
    );
  });
});
