import { describe, expect, it } from 'vitest';
import { avatarInitials, profileDisplayName, profileInitials } from './initials';

describe('avatarInitials (spec §2)', () => {
  it('takes the first letters of up to two words of the display name, upper-cased', () => {
    expect(avatarInitials('ada lovelace', 'x@example.com')).toBe('AL');
    expect(avatarInitials('  Jean  Claude Van Damme ', null)).toBe('JC');
    expect(avatarInitials('Cher', null)).toBe('C');
  });

  it('falls back to the first two letters of the email local part', () => {
    expect(avatarInitials(null, 'zoe.smith@example.com')).toBe('ZO');
    expect(avatarInitials('   ', 'q@example.com')).toBe('Q');
  });

  it("falls back to 'U'", () => {
    expect(avatarInitials(null, null)).toBe('U');
    expect(avatarInitials('', '@example.com')).toBe('U');
  });
});

describe('profileInitials (spec §2 Profile)', () => {
  it('takes the first two letters of the username, upper-cased', () => {
    expect(profileInitials('greenbean', 'x@example.com')).toBe('GR');
    expect(profileInitials('q', null)).toBe('Q');
  });

  it('falls back to the email, then to U', () => {
    expect(profileInitials(null, 'maria@example.com')).toBe('MA');
    expect(profileInitials('  ', 'maria@example.com')).toBe('MA');
    expect(profileInitials(null, null)).toBe('U');
  });
});

describe('profileDisplayName (spec §2 Profile)', () => {
  it('prefers the username, then the email before the @, then User', () => {
    expect(profileDisplayName('greenbean', 'maria@example.com')).toBe('greenbean');
    expect(profileDisplayName('', 'maria@example.com')).toBe('maria');
    expect(profileDisplayName(null, '@example.com')).toBe('User');
    expect(profileDisplayName(null, null)).toBe('User');
  });
});
