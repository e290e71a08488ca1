import { registerSchema } from './account-schemas';
import { feedbackMessages } from './feedback-messages';
import { feedbackSchema } from './feedback-schemas';
import { reservationFormSchema } from './reservation-schemas';
import { TEXT_DIRECTION_MESSAGE } from './shown-text';
import { firstMessage } from './validate';

const messageOf = (result: { success: boolean; error?: unknown }) => (result.success ? null : firstMessage(result.error as Parameters<typeof firstMessage>[0]));

describe('text other people see', () => {
  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['a right-to-left override alone', '\u202E'],
    ['a Hangul filler', '\u3164\u3164'],
    ['a word joiner and a no-break space', '\u2060\u00A0'],
    ['combining marks without a letter', '\u0301\u0302'],
  ])('counts a review of only %s as empty', (_label, text) => {
    expect(messageOf(feedbackSchema.safeParse({ rating: 5, feedback_text: text }))).toBe(feedbackMessages.ratingAndTextRequired);
  });

  it('refuses text-direction controls that make a review show what it does not say', () => {
    expect(messageOf(feedbackSchema.safeParse({ rating: 5, feedback_text: 'see \u202Egnp.exe' }))).toBe(TEXT_DIRECTION_MESSAGE);
    expect(messageOf(feedbackSchema.safeParse({ rating: 5, feedback_text: '\u2067isolated\u2069' }))).toBe(TEXT_DIRECTION_MESSAGE);
  });

  it('holds names to the same rule, and keeps every real script', () => {
    const account = { first_name: '\u200B', last_name: 'Cruz', email: 'ana@example.com', password: 'secret123' };
    expect(messageOf(registerSchema.safeParse(account))).toBe('First name is required');
    expect(messageOf(registerSchema.safeParse({ ...account, first_name: 'Ana\u202E' }))).toBe(TEXT_DIRECTION_MESSAGE);
    for (const name of ['김민지', 'Nuñez', 'عائشة', 'José María']) expect(registerSchema.safeParse({ ...account, first_name: name }).success).toBe(true);
    const booking = { customer_name: '\u2800', email: 'ana@example.com', phone: '0917', reservation_date: '2030-01-01', reservation_time: '17:00', table_id: 1 };
    expect(messageOf(reservationFormSchema.safeParse(booking))).toBe('Name is required');
    expect(messageOf(reservationFormSchema.safeParse({ ...booking, customer_name: 'Ana', notes: 'x\u202Dy' }))).toBe(TEXT_DIRECTION_MESSAGE);
  });
});
