import { validateUsername } from '@labelwise/domain/users/username';

/**
 * Spec §5: 3 to 20 letters, digits or underscores (trimmed). The spec's message for the first
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

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The server's message in a failed call ("status: {json with message}"), else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  const text = errorText(error);
  const body = text.slice(text.indexOf(':') + 1).trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
      return parsed.message || fallback;
  } catch {
    /* not a JSON body */
  }
  return fallback;
}
