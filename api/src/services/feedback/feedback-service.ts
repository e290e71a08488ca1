import { REVIEWS_PER_CUSTOMER_PER_DAY } from '@samgyup/shared/constants';
import type { feedbackSchema } from '@samgyup/shared/validation';
import type { z } from 'zod';
import { HttpError, unauthorized } from '../../lib/http-error';
import { findCustomerById, lockCustomer } from '../../repositories/customers-repository';
import { countRecentFeedback, insertFeedback } from '../../repositories/feedback-repository';
import type { ServiceContext } from '../service-context';

export const feedbackApiMessages = {
  thanks: 'Thank you for your feedback!',
  tooMany: `You can post up to ${REVIEWS_PER_CUSTOMER_PER_DAY} reviews a day. Please try again tomorrow.`,
  accountGone: 'Your account could not be found. Please log in again.',
  badCursor: 'That page of reviews does not exist. Please reload the reviews.',
} as const;

/**
 * A logged-in customer posts a review under the name and email of their
 * account (never the request's), at most REVIEWS_PER_CUSTOMER_PER_DAY a day;
 * the public reviews show it at once on every replica.
 */
export async function postFeedback(ctx: Pick<ServiceContext, 'db' | 'publicListChanged'>, customerId: number, input: z.output<typeof feedbackSchema>) {
  const created = await ctx.db.transaction(async (tx) => {
    // The row lock makes the daily count exact under parallel posts.
    await lockCustomer(tx, customerId);
    const customer = await findCustomerById(tx, customerId);
    if (!customer || !customer.is_active) throw unauthorized(feedbackApiMessages.accountGone);
    if ((await countRecentFeedback(tx, customer.id)) >= REVIEWS_PER_CUSTOMER_PER_DAY) {
      throw new HttpError(429, feedbackApiMessages.tooMany);
    }
    return insertFeedback(tx, {
      customer_id: customer.id,
      customer_name: `${customer.first_name} ${customer.last_name}`.trim(),
      email: customer.email,
      rating: input.rating,
      feedback_text: input.feedback_text,
    });
  });
  await ctx.publicListChanged('reviews');
  return created;
}
