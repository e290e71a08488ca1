import { z } from 'zod';
import { REVIEW_TEXT_MAX_LENGTH } from '../constants/business-rules';

/** The feedback form's messages, word for word from the spec where it has them. */
export const feedbackMessages = {
  ratingAndTextRequired: 'Please provide a rating and write your review.',
  loginRequired: 'Please log in to submit feedback.',
  submitFailed: 'Failed to submit feedback',
  textTooLong: `Keep your review under ${REVIEW_TEXT_MAX_LENGTH} characters.`,
} as const;

/**
 * A review as the form sends it. The author's name and email are taken from
 * the account by the API (DECISIONS.md 8), so they are accepted but ignored.
 */
export const feedbackSchema = z.object({
  rating: z
    .number({ error: feedbackMessages.ratingAndTextRequired })
    .int(feedbackMessages.ratingAndTextRequired)
    .min(1, feedbackMessages.ratingAndTextRequired)
    .max(5, feedbackMessages.ratingAndTextRequired),
  feedback_text: z
    .string({ error: feedbackMessages.ratingAndTextRequired })
    .trim()
    .min(1, feedbackMessages.ratingAndTextRequired)
    .max(REVIEW_TEXT_MAX_LENGTH, feedbackMessages.textTooLong),
  feedback_type: z.literal('general').default('general'),
  customer_name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
});

export type FeedbackInput = z.input<typeof feedbackSchema>;
