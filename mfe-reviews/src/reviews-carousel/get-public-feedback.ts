import { apiRequest } from '@samgyup/shared';

/** A published review (SPEC "Feedback (public list)"). */
export interface PublicReview {
  id: number;
  customer_name: string;
  rating: number;
  created_at: string;
  feedback_text: string;
  admin_response?: string | null;
}

export const ANONYMOUS_AUTHOR = 'Anonymous Customer';

export async function getPublicFeedback(signal?: AbortSignal): Promise<PublicReview[]> {
  const response = await apiRequest<{ success?: boolean; data?: PublicReview[]; message?: string }>('/api/feedback/public', {
    signal,
  });
  if (response?.success === false || !Array.isArray(response?.data)) {
    // The spec: service messages such as 'Failed to fetch feedback' are only logged.
    throw new Error(response?.message ?? 'Failed to fetch feedback');
  }
  return response.data.map((review) => ({
    ...review,
    customer_name: review.customer_name?.trim() || ANONYMOUS_AUTHOR,
    rating: Math.max(0, Math.min(5, Math.round(Number(review.rating) || 0))),
  }));
}
