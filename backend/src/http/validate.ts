import { z } from 'zod';
import { invalid } from '@labelwise/domain';
import { describeZodError } from './errors';

/** Parses untrusted input with a zod schema (classic or mini: the shared contracts'); a failure is a 400 that names the field. */
export function parseInput<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  code = 'VALIDATION_ERROR',
): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw invalid(code, describeZodError(result.error));
  return result.data;
}
