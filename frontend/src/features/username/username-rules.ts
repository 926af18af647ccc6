import { validateUsername } from '@labelwise/domain/contracts';

/**
 * 3 to 20 letters, digits or underscores (trimmed). The message for the first
 * rule broken, or null when the username is fine. Same rule the server applies.
 */
export function usernameError(input: string): string | null {
  try {
    validateUsername(input);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'Invalid username';
  }
}
