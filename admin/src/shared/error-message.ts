/** The API answers errors as `{ error, message }`; fetchJson puts that message on the HttpError. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The body of a command from a whole form: only the fields the command accepts (the API rejects
 * unknown ones), with emptied inputs (react-admin makes them null) sent as empty text.
 */
export function toCommand<K extends string>(
  data: Record<string, unknown>,
  keys: readonly K[],
): Record<K, unknown> {
  return Object.fromEntries(keys.filter((key) => key in data).map((key) => [key, data[key] ?? ''])) as Record<
    K,
    unknown
  >;
}
