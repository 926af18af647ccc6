import { describe, expect, it } from 'vitest';
import { scanGate } from './scan-gate';

const verified = { emailVerified: true };
const stats = (canScan: boolean, isPremium = false) => ({
  scansThisMonth: canScan ? 9 : 10,
  scanLimit: 10,
  isPremium,
});

describe('scanGate (the scanning gate)', () => {
  it('waits for the auth state', () => expect(scanGate('loading', null, undefined)).toBe('loading'));
  it('needs a signed-in user', () => expect(scanGate('unauthenticated', null, undefined)).toBe('signedOut'));
  it('needs a verified email', () =>
    expect(scanGate('authenticated', { emailVerified: false }, stats(true))).toBe('unverified'));
  it('needs scans left', () =>
    expect(scanGate('authenticated', verified, stats(false))).toBe('limitReached'));
  it('always lets premium users scan', () =>
    expect(scanGate('authenticated', verified, stats(false, true))).toBe('allowed'));
  it('lets a scan through while the allowance is unknown (the server counts it)', () =>
    expect(scanGate('authenticated', verified, undefined)).toBe('allowed'));
});
