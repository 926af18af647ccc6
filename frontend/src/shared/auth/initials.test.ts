import { describe, expect, it } from 'vitest';
import { profileDisplayName, profileInitials } from './initials';

describe('profileInitials', () => {
  it('takes the first two letters of the username, upper-cased', () => {
    expect(profileInitials('greenbean', 'x@example.com')).toBe('GR');
    expect(profileInitials('q', null)).toBe('Q');
  });

  it('takes the first letters of two words of a display name', () => {
    expect(profileInitials('ada lovelace', 'x@example.com')).toBe('AL');
    expect(profileInitials('  Jean  Claude Van Damme ', null)).toBe('JC');
  });

  it('falls back to the email, then to U', () => {
    expect(profileInitials(null, 'maria@example.com')).toBe('MA');
    expect(profileInitials('  ', 'maria@example.com')).toBe('MA');
    expect(profileInitials(null, null)).toBe('U');
  });
});

describe('profileDisplayName', () => {
  it('prefers the username, then the email before the @, then User', () => {
    expect(profileDisplayName('greenbean', 'maria@example.com')).toBe('greenbean');
    expect(profileDisplayName('', 'maria@example.com')).toBe('maria');
    expect(profileDisplayName(null, '@example.com')).toBe('User');
    expect(profileDisplayName(null, null)).toBe('User');
  });
});
