import * as z from 'zod/mini';
import { REVIEW_TEXT_MAX_LENGTH } from '../constants/business-rules';
import { feedbackMessages } from './feedback-messages';
import { shownTextChecks } from './shown-text';

/**
 * A review as the form sends it. The author's name and email are taken from
 * the account by the API (docs/decisions.md 8), so they are accepted but ignored.
 */
export const feedbackSchema = z.object({
  rating: z.int({ error: feedbackMessages.ratingAndTextRequired }).check(z.gte(1, feedbackMessages.ratingAndTextRequired), z.lte(5, feedbackMessages.ratingAndTextRequired)),
  feedback_text: z
    .string({ error: feedbackMessages.ratingAndTextRequired })
    .check(
      z.trim(),
      z.minLength(1, feedbackMessages.ratingAndTextRequired),
      z.maxLength(REVIEW_TEXT_MAX_LENGTH, feedbackMessages.textTooLong),
      ...shownTextChecks(feedbackMessages.ratingAndTextRequired),
    ),
  feedback_type: z._default(z.literal('general'), 'general'),
  customer_name: z.optional(z.string().check(z.maxLength(200))),
  email: z.optional(z.string().check(z.maxLength(254))),
});

export type FeedbackInput = z.input<typeof feedbackSchema>;
