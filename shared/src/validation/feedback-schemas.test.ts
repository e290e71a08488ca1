import { feedbackMessages } from './feedback-messages';
import { feedbackSchema } from './feedback-schemas';
import { firstMessage, validate } from './validate';

describe('feedbackSchema', () => {
  it('accepts a rating from 1 to 5 and trimmed text', () => {
    const result = validate(feedbackSchema, { rating: 5, feedback_text: '  Great pork belly!  ' });
    expect(result.ok && result.data).toEqual({ rating: 5, feedback_text: 'Great pork belly!', feedback_type: 'general' });
  });

  it.each([
    ['no rating', { feedback_text: 'Nice' }],
    ['rating 0', { rating: 0, feedback_text: 'Nice' }],
    ['rating 6', { rating: 6, feedback_text: 'Nice' }],
    ['rating 4.5', { rating: 4.5, feedback_text: 'Nice' }],
    ['blank text', { rating: 4, feedback_text: '   ' }],
    ['no text', { rating: 4 }],
  ])("refuses %s with the first version's message", (_label, input) => {
    const result = feedbackSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(firstMessage(result.error)).toBe(feedbackMessages.ratingAndTextRequired);
  });

  it('refuses text over the maximum length and another feedback type', () => {
    expect(validate(feedbackSchema, { rating: 3, feedback_text: 'x'.repeat(2001) }).ok).toBe(false);
    expect(validate(feedbackSchema, { rating: 3, feedback_text: 'ok', feedback_type: 'complaint' }).ok).toBe(false);
  });
});
