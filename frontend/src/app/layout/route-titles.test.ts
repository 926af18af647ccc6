import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../shared/lib/document-title';
import { routeTitle } from './route-titles';

describe('routeTitle', () => {
  it('names each screen, leaves product and article to their pages, and calls the rest not found', () => {
    expect(documentTitle(routeTitle('/'))).toBe('Labelwise');
    expect(documentTitle(routeTitle('/scan'))).toBe('Analyse Ingredients · Labelwise');
    expect(routeTitle('/profile/')).toBe('My Profile');
    expect(routeTitle('/product/12')).toBeUndefined();
    expect(routeTitle('/article/3')).toBeUndefined();
    expect(routeTitle('/no/such/page')).toBe('Page Not Found');
  });
});
