import { z } from 'zod';
import { firstMessage } from '@samgyup/shared/validation';
import { HttpError } from './http-error';

/**
 * Every route checks its body, query and params with a zod schema, most of them
 * from @samgyup/shared so the API enforces exactly what the forms promise. The
 * first problem is returned as a 400 in words a person understands.
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  // Shared schemas are zod/mini, the API's own are classic zod: both are core schemas.
  const result = z.safeParse(schema, value ?? {});
  if (!result.success) throw new HttpError(400, firstMessage(result.error));
  return result.data;
}
