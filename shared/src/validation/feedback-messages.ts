// Apart from the schemas: a page that shows a message does not build zod schemas as it starts.
import { REVIEW_TEXT_MAX_LENGTH } from '../constants/business-rules';

/** The feedback form's messages, word for word from the first version (docs/product.md) where it has them. */
export const feedbackMessages = {
  ratingAndTextRequired: 'Please provide a rating and write your review.',
  loginRequired: 'Please log in to submit feedback.',
  submitFailed: 'Failed to submit feedback',
  textTooLong: `Keep your review under ${REVIEW_TEXT_MAX_LENGTH} characters.`,
} as const;
