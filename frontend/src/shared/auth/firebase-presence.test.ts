// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { firebaseNeededAtStart } from './firebase-presence';

const at = (search = '', referrer = '') =>
  firebaseNeededAtStart(localStorage, sessionStorage, { search }, referrer);

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('firebaseNeededAtStart', () => {
  it('is false for a guest with nothing persisted', () => {
    localStorage.setItem('mockAuthState', 'authenticated');
    expect(at('?q=milk', 'https://example.com/')).toBe(false);
  });

  it('is true when Firebase persisted a user', () => {
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{"uid":"u1"}');
    expect(at()).toBe(true);
  });

  it('is true while a Google redirect sign-in is in flight or returning', () => {
    sessionStorage.setItem('firebase:pendingRedirect:demo-api-key:[DEFAULT]', '"true"');
    expect(at()).toBe(true);
    sessionStorage.clear();
    expect(at('?code=abc')).toBe(true);
    expect(at('', 'https://accounts.google.com/')).toBe(true);
  });
});
