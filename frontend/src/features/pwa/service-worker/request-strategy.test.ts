import { describe, expect, it } from 'vitest';
import { requestStrategy, RUNTIME_CONFIG_PATH } from './request-strategy';

const origin = 'https://labelwise.example';
const kept = new Set(['/favicon.svg', RUNTIME_CONFIG_PATH]);
const get = (path: string, mode = 'cors') => ({ method: 'GET', mode, url: `${origin}${path}` });
const strategy = (request: ReturnType<typeof get>, from = origin) => requestStrategy(request, from, kept);

describe('requestStrategy', () => {
  it('answers app pages with the shell, but not the console, the API or article images', () => {
    expect(strategy(get('/scan', 'navigate'))).toBe('app-shell');
    expect(strategy(get('/', 'navigate'))).toBe('app-shell');
    expect(strategy(get('/admin/reviews', 'navigate'))).toBe('network');
    expect(strategy(get('/api/health', 'navigate'))).toBe('network');
    expect(strategy(get('/articles/sugar.jpg', 'navigate'))).toBe('network');
  });

  it('serves hashed build output from the cache first', () => {
    expect(strategy(get('/assets/index-x48atd9C.js'))).toBe('cache-first');
  });

  it('falls back to the cache for kept files only, so user-specific API answers are never cached', () => {
    expect(strategy(get('/favicon.svg'))).toBe('network-first');
    expect(strategy(get(RUNTIME_CONFIG_PATH))).toBe('network-first');
    for (const path of ['/api/users/preferences', '/api/user/stats', '/api/users/scanned-products'])
      expect(strategy(get(path))).toBe('network');
  });

  it('leaves writes and other origins alone', () => {
    expect(strategy({ ...get(RUNTIME_CONFIG_PATH), method: 'POST' })).toBe('network');
    expect(strategy(get('/assets/a.js'), 'https://other.example')).toBe('network');
  });
});
