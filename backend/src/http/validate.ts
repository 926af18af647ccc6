import { z } from 'zod';
import { TEXT_LIMITS, assertStorableText, invalid } from '@labelwise/domain';
import { describeZodError } from './errors';

/**
 * Parses untrusted input with a zod schema (classic or mini: the shared contracts'); a failure is a
 * 400 that names the field. Any string in it that cannot be stored (a NUL, half a surrogate pair)
 * is a 400 `INVALID_CHARACTERS` naming the field, whatever the schema says of it.
 */
export function parseInput<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  code = 'VALIDATION_ERROR',
): z.output<S> {
  assertStorableText(input);
  const result = z.safeParse(schema, input);
  if (!result.success) throw invalid(code, describeZodError(result.error));
  return result.data;
}

/** A text field of a request: trimmed, at most as long as `TEXT_LIMITS` keeps that text. */
export const textField = (kind: keyof typeof TEXT_LIMITS) =>
  z.string().trim().max(TEXT_LIMITS[kind], `must be at most ${TEXT_LIMITS[kind]} characters`);
