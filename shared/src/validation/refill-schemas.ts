import * as z from 'zod/mini';
import { refillMessages } from './refill-messages';

/** A table code as typed: trimmed and upper-cased; empty is 'Enter table code'. */
export const tableCodeField = z.pipe(
  z.string({ error: refillMessages.tableCodeRequired }).check(z.trim(), z.minLength(1, refillMessages.tableCodeRequired), z.maxLength(32, refillMessages.tableCodeInvalid)),
  z.transform((code: string) => code.toUpperCase()),
);
