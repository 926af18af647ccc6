import { describe, expect, it } from 'vitest';
import {
  looksLikeGoogleRedirect,
  REDIRECT_RECHECK_DELAYS_MS,
  withoutRedirectParams,
} from './google-redirect';

describe('Google redirect detection', () => {
  it('recognises code or state in the query, or a referrer from Google accounts', () => {
    expect(looksLikeGoogleRedirect('?code=abc', '')).toBe(true);
    expect(looksLikeGoogleRedirect('?state=xyz&x=1', '')).toBe(true);
    expect(looksLikeGoogleRedirect('', 'https://accounts.google.com/o/oauth2')).toBe(true);
    expect(looksLikeGoogleRedirect('?q=milk', 'https://example.com/')).toBe(false);
  });

  it('re-checks four more times at 0.8, 1.6, 2.4 and 3.2 s', () => {
    expect(REDIRECT_RECHECK_DELAYS_MS).toEqual([800, 1600, 2400, 3200]);
  });

  it('cleans the redirect parameters and keeps the rest of the URL', () => {
    expect(withoutRedirectParams('https://app.test/auth?code=1&state=2&tab=email#top')).toBe(
      '/auth?tab=email#top',
    );
    expect(withoutRedirectParams('https://app.test/?code=1')).toBe('/');
  });
});
