/**
 * The human message in an API error. The client throws `status: body` (spec §8); payment
 * failures carry the provider's message in the JSON body's `message`.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  const text = error instanceof Error ? error.message : '';
  const body = text.slice(text.indexOf(':') + 1).trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
      return parsed.message;
  } catch {
    /* not a JSON body */
  }
  return fallback;
}
