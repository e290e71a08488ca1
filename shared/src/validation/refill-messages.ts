// Apart from the schemas: a page that shows a message does not build zod schemas as it starts.

/** The refill screens' messages, word for word from the first version (docs/product.md). */
export const refillMessages = {
  tableCodeRequired: 'Enter table code',
  tableCodeInvalid: 'Invalid table code. Please check and try again.',
  submitFailed: 'Failed to submit refill request. Please try again.',
  submitNetwork: 'Unable to submit refill request. Please check your connection and try again.',
  tableCodeMissing: 'Please enter your table code first.',
} as const;
