import type { z } from 'zod';
import { invalid } from '@labelwise/domain';
import { describeZodError } from './errors';

/** Parses untrusted input with a zod schema; a failure is a 400 that names the field. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code = 'VALIDATION_ERROR',
): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalid(code, describeZodError(result.error));
  return result.data;
}
