import * as z from 'zod/mini';

/** The refill screens' messages, word for word from the first version (docs/product.md). */
export const refillMessages = {
  tableCodeRequired: 'Enter table code',
  tableCodeInvalid: 'Invalid table code. Please check and try again.',
  submitFailed: 'Failed to submit refill request. Please try again.',
  submitNetwork: 'Unable to submit refill request. Please check your connection and try again.',
  tableCodeMissing: 'Please enter your table code first.',
} as const;

/** A table code as typed: trimmed and upper-cased; empty is 'Enter table code'. */
export const tableCodeField = z.pipe(
  z.string({ error: refillMessages.tableCodeRequired }).check(z.trim(), z.minLength(1, refillMessages.tableCodeRequired), z.maxLength(32, refillMessages.tableCodeInvalid)),
  z.transform((code: string) => code.toUpperCase()),
);
