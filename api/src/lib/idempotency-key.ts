import { z } from 'zod';
import { parseInput } from './parse-input';

const KEY_INVALID = 'The Idempotency-Key header must be 8 to 100 letters, digits or dashes.';
const keyHeader = z.object({
  key: z
    .string({ error: KEY_INVALID })
    .regex(/^[A-Za-z0-9-]{8,100}$/, KEY_INVALID)
    .optional(),
});

/** The request's Idempotency-Key header (a retry sends the same one), checked; undefined when absent. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  return parseInput(keyHeader, { key: headers['idempotency-key'] }).key;
}
