import { formatLongDate, usePolledApiData } from '@samgyup/shared';
import type { StaffReview } from '@samgyup/shared/validation';
import { useId, useState } from 'react';
import { StaffPage } from '../layout/staff-page';
import { LoadFailed, StaffMessage, type StaffMessageText } from '../layout/staff-messages';
import { staffErrorMessage, staffRequest } from '../session/staff-session';

async function listReviews(signal?: AbortSignal): Promise<StaffReview[]> {
  return (await staffRequest<{ data: StaffReview[] }>('/api/staff/feedback', { signal })).data;
}

/** /staff/reviews: every review, newest first; answer, edit the answer, hide or show. */
export function StaffReviewsPage() {
  return <StaffPage title="Reviews">{() => <ReviewsBoard />}</StaffPage>;
}

function ReviewsBoard() {
  const { state, refresh } = usePolledApiData('staff-reviews', listReviews, null);
  if (state.status === 'loading') return <p role="status">Loading reviews…</p>;
  if (state.status === 'error') return <LoadFailed what="the reviews" onRetry={refresh} />;
  if (state.data.length === 0) return <p>No reviews yet.</p>;
  return (
    <ul className="staff-reviews">
      {state.data.map((review) => (
        <ReviewItem key={review.id} review={review} onChanged={refresh} />
      ))}
    </ul>
  );
}

function ReviewItem({ review, onChanged }: { review: StaffReview; onChanged: () => void }) {
  const fieldId = useId();
  const [response, setResponse] = useState(review.admin_response ?? '');
  const [message, setMessage] = useState<StaffMessageText | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      setMessage({ text: (await action()).message, problem: false });
      onChanged();
    } catch (error) {
      setMessage({ text: staffErrorMessage(error, 'Not saved. Please try again.'), problem: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={`staff-review${review.is_published ? '' : ' staff-review--hidden'}`}>
      <article aria-label={`Review by ${review.customer_name}`}>
        <p className="staff-review__meta">
          <strong>{review.customer_name}</strong> · {'★'.repeat(review.rating)}
          <span className="visually-hidden">Rated {review.rating} out of 5</span> · {formatLongDate(review.created_at)}
          {!review.is_published && ` · Hidden${review.hidden_by ? ` by ${review.hidden_by}` : ''}`}
        </p>
        <p className="staff-review__text">{review.feedback_text}</p>
        <label htmlFor={fieldId}>Restaurant's response</label>
        <textarea id={fieldId} rows={2} maxLength={2000} value={response} onChange={(event) => setResponse(event.target.value)} />
        <StaffMessage message={message} />
        <div className="staff-actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run(() => staffRequest(`/api/staff/feedback/${review.id}/response`, { method: 'PUT', body: { response } }))}
          >
            Save response
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void run(() => staffRequest(`/api/staff/feedback/${review.id}`, { method: 'PATCH', body: { is_published: !review.is_published } }))}
          >
            {review.is_published ? 'Hide review' : 'Show review'}
          </button>
        </div>
      </article>
    </li>
  );
}
