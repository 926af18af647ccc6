import { unknownCommand, type Decider } from '../decider';
import type { UsernameEvent } from '../events/catalogue';
import { conflict, invalid } from '../errors';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;

/** The username rule's messages, checked in this order. */
export const usernameMessages = {
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be less than 20 characters',
  badCharacters: 'Username can only contain letters, numbers, and underscores',
} as const;

export const USERNAME_TAKEN_MESSAGE = 'That username is already taken. Please choose another.';

/** The username a user typed, trimmed, or a 400 with the spec's message. */
export function validateUsername(input: string): string {
  const username = input.trim();
  if (username.length < USERNAME_MIN) throw invalid('INVALID_USERNAME', usernameMessages.tooShort);
  if (username.length > USERNAME_MAX) throw invalid('INVALID_USERNAME', usernameMessages.tooLong);
  if (!/^[A-Za-z0-9_]+$/.test(username)) throw invalid('INVALID_USERNAME', usernameMessages.badCharacters);
  return username;
}

/** Usernames are unique case-insensitively: one claim stream per lower-cased name. */
export const usernameKey = (username: string) => username.toLowerCase();

/** Who holds a username's claim stream right now. */
export interface UsernameClaim {
  holder: string | null;
}

export const unclaimedUsername: UsernameClaim = { holder: null };

export function evolveUsernameClaim(state: UsernameClaim, event: UsernameEvent): UsernameClaim {
  switch (event.type) {
    case 'UsernameClaimed':
      return { holder: event.data.uid };
    case 'UsernameReleased':
      return state.holder === event.data.uid ? unclaimedUsername : state;
    default:
      event satisfies never;
      return state;
  }
}

export type UsernameCommand =
  | { type: 'ClaimUsername'; uid: string; username: string }
  | { type: 'ReleaseUsername'; uid: string; username: string };

/**
 * A username's claim stream (see `streams.username`). Claiming: a free name is claimed, one the user already holds
 * needs nothing, anyone else's is a 409. Releasing frees a name its holder no longer uses;
 * someone else's claim is left alone.
 */
export const usernameClaimDecider: Decider<UsernameCommand, UsernameClaim, UsernameEvent> = {
  decide(command, state) {
    const { uid, username } = command;
    switch (command.type) {
      case 'ClaimUsername':
        if (state.holder === uid) return [];
        if (state.holder !== null) throw conflict('USERNAME_TAKEN', USERNAME_TAKEN_MESSAGE);
        return [{ type: 'UsernameClaimed', data: { username: usernameKey(username), uid } }];
      case 'ReleaseUsername':
        if (state.holder !== uid) return [];
        return [{ type: 'UsernameReleased', data: { username: usernameKey(username), uid } }];
      default:
        return unknownCommand(command);
    }
  },
  evolve: evolveUsernameClaim,
  initialState: unclaimedUsername,
};
