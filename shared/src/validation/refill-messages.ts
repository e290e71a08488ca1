// Apart from the schemas: a page that shows a message does not build zod schemas as it starts.

/** The refill screens' messages, word for word from the first version (docs/product.md). */
export const refillMessages = {
  tableCodeRequired: 'Enter table code',
  tableCodeInvalid: 'Invalid table code. Please check and try again.',
  submitFailed: 'Failed to submit refill request. Please try again.',
  submitNetwork: 'Unable to submit refill request. Please check your connection and try again.',
  tableCodeMissing: 'Please enter your table code first.',
  // Not the first version's: the code's check loads as the diner reaches the form (issue #37).
  tableCodeCheckNotLoaded: 'Your code could not be checked: the connection dropped. Please press Continue again.',
} as const;
