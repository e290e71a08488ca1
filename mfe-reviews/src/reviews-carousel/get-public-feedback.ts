import { apiRequest } from '@samgyup/shared';
import type { PublicReview } from '@samgyup/shared/validation';

/** A published review, as the API lists it (the type is shared with the API). */
export type { PublicReview };

/** One page of the public list, newest first. */
export interface PublicReviewsPage {
  reviews: PublicReview[];
  /** Asks for the next, older page; null when this page is the last (or the API sends the whole list at once). */
  nextCursor: string | null;
  /** Every published review, as the API counts them; the reviews on hand when it does not say. */
  total: number;
}

export const ANONYMOUS_AUTHOR = 'Anonymous Customer';

interface PublicFeedbackAnswer {
  success?: boolean;
  data?: PublicReview[];
  message?: string;
  next_cursor?: unknown;
  total?: unknown;
}

/** The newest page of reviews, or with `cursor` the page after the one that gave it. */
export async function getPublicFeedback(signal?: AbortSignal, cursor?: string): Promise<PublicReviewsPage> {
  const path = cursor === undefined ? '/api/feedback/public' : `/api/feedback/public?cursor=${encodeURIComponent(cursor)}`;
  const response = await apiRequest<PublicFeedbackAnswer>(path, { signal });
  if (response?.success === false || !Array.isArray(response?.data)) {
    // The spec: service messages such as 'Failed to fetch feedback' are only logged.
    throw new Error(response?.message ?? 'Failed to fetch feedback');
  }
  const reviews = response.data.map((review) => ({
    ...review,
    customer_name: review.customer_name?.trim() || ANONYMOUS_AUTHOR,
    rating: Math.max(0, Math.min(5, Math.round(Number(review.rating) || 0))),
  }));
  const nextCursor = typeof response.next_cursor === 'string' && response.next_cursor ? response.next_cursor : null;
  const total = Number.isInteger(response.total) ? (response.total as number) : reviews.length;
  return { reviews, nextCursor, total };
}
