import { describe, expect, it } from 'vitest';
import type { UsernameEvent } from '../events/catalogue';
import { deciderSpec } from '../../testing/decider-spec';
import { USERNAME_TAKEN_MESSAGE, usernameClaimDecider, usernameMessages, validateUsername } from './username';

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
  const spec = deciderSpec(usernameClaimDecider);
  const claimed: UsernameEvent = { type: 'UsernameClaimed', data: { username: 'alice', uid: 'u1' } };
  const claim = (uid: string, username: string) => ({ type: 'ClaimUsername' as const, uid, username });
  const release = (uid: string, username: string) => ({ type: 'ReleaseUsername' as const, uid, username });

  it('claims a free name under its lower-cased key', () => {
    spec.given().when(claim('u1', 'Alice')).then([claimed]);
  });

  it("refuses someone else's name with 409 and accepts the holder's own", () => {
    spec.given([claimed]).when(claim('u1', 'ALICE')).then([]);
    spec
      .given([claimed])
      .when(claim('u2', 'alice'))
      .thenRefuses('USERNAME_TAKEN', { kind: 'conflict', message: USERNAME_TAKEN_MESSAGE });
  });

  it('frees a released name for the next claimant; only the holder can release', () => {
    spec.given([claimed]).when(release('u2', 'alice')).then([]);
    const released: UsernameEvent = { type: 'UsernameReleased', data: { username: 'alice', uid: 'u1' } };
    spec.given([claimed]).when(release('u1', 'Alice')).then([released]);
    const after = spec.given([claimed, released]);
    expect(after.state.holder).toBeNull();
    after
      .when(claim('u2', 'alice'))
      .then([{ type: 'UsernameClaimed', data: { username: 'alice', uid: 'u2' } }]);
  });
});
