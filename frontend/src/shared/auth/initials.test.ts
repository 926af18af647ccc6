import { describe, expect, it } from 'vitest';
import { avatarInitials } from './initials';

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
