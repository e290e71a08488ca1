import { apiRequest, isApiError, sessionStore } from '@samgyup/shared';
import { feedbackMessages } from '@samgyup/shared/validation';

export interface FeedbackDraft {
  rating: number;
  feedback_text: string;
}

/** Sends the review with the customer's bearer token, in the first version's payload shape. */
export async function submitFeedback(draft: FeedbackDraft): Promise<void> {
  const session = sessionStore.getSession();
  await apiRequest('/api/feedback', {
    method: 'POST',
    auth: true,
    body: {
      customer_name: session?.displayName ?? '',
      email: session?.user.email ?? '',
      feedback_type: 'general',
      rating: draft.rating,
      feedback_text: draft.feedback_text,
    },
  });
}

/** The spec: the server's message, or 'Failed to submit feedback'. */
export function submitErrorMessage(error: unknown): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')) {
    return `${feedbackMessages.submitFailed}. Please check your connection and try again.`;
  }
  return feedbackMessages.submitFailed;
}
