import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events/catalogue';
import {
  decideClaimUsername,
  decideReleaseUsername,
  evolveUsernameClaim,
  unclaimedUsername,
  USERNAME_TAKEN_MESSAGE,
  usernameMessages,
  validateUsername,
} from './username';

describe('validateUsername', () => {
  it.each([
    ['ab', usernameMessages.tooShort],
    ['  ab  ', usernameMessages.tooShort],
    ['a'.repeat(21), usernameMessages.tooLong],
    ['has space', usernameMessages.badCharacters],
    ['dash-name', usernameMessages.badCharacters],
    ['émile', usernameMessages.badCharacters],
  ])('refuses %j with the spec message', (input, message) => {
    expect(() => validateUsername(input)).toThrow(message);
  });

  it('accepts 3 to 20 letters, digits and underscores, trimmed', () => {
    expect(validateUsername('abc')).toBe('abc');
    expect(validateUsername('A_1'.padEnd(20, 'z'))).toBe('A_1'.padEnd(20, 'z'));
    expect(validateUsername('  Bob_42 ')).toBe('Bob_42');
  });
});

describe('username claims', () => {
  const fold = (events: DomainEvent[]) => events.reduce(evolveUsernameClaim, unclaimedUsername);

  it('claims a free name under its lower-cased key', () => {
    expect(decideClaimUsername(unclaimedUsername, { uid: 'u1', username: 'Alice' })).toEqual([
      { type: 'UsernameClaimed', data: { username: 'alice', uid: 'u1' } },
    ]);
  });

  it("refuses someone else's name with 409 and accepts the holder's own", () => {
    const held = fold([{ type: 'UsernameClaimed', data: { username: 'alice', uid: 'u1' } }]);
    expect(decideClaimUsername(held, { uid: 'u1', username: 'ALICE' })).toEqual([]);
    expect(() => decideClaimUsername(held, { uid: 'u2', username: 'alice' })).toThrow(USERNAME_TAKEN_MESSAGE);
  });

  it('frees a released name for the next claimant; only the holder can release', () => {
    const held = fold([{ type: 'UsernameClaimed', data: { username: 'alice', uid: 'u1' } }]);
    expect(decideReleaseUsername(held, { uid: 'u2', username: 'alice' })).toEqual([]);
    const released = fold([
      { type: 'UsernameClaimed', data: { username: 'alice', uid: 'u1' } },
      ...decideReleaseUsername(held, { uid: 'u1', username: 'Alice' }),
    ]);
    expect(released.holder).toBeNull();
    expect(decideClaimUsername(released, { uid: 'u2', username: 'alice' })).toHaveLength(1);
  });
});
