import { formatLongDate } from '@samgyup/shared';
import type { StaffReview } from '@samgyup/shared/validation';
import { useId, useState } from 'react';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { drawnListData, useStaffData } from '../layout/use-staff-data';
import { staffRequest } from '../session/staff-session';

/** /staff/reviews: every review, newest first; answer, edit the answer, hide or show. */
export function StaffReviewsPage() {
  return <StaffPage title="Reviews">{() => <ReviewsBoard />}</StaffPage>;
}

function ReviewsBoard() {
  // Drawn by the site's server for a logged-in tablet (package.json's signedInRouteData reads the same list), the board starts from it.
  const { state, refresh } = useStaffData<StaffReview[]>('staff-reviews', '/api/staff/feedback', null, drawnListData<StaffReview>);
  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading reviews…" what="the reviews" onRetry={refresh} />;
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
  const { message, locked, run } = useStaffAction();
  // The list is read again only when a change went through.
  const change = async (action: () => Promise<{ message: string }>) => {
    if (await run(action)) onChanged();
  };

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
        <textarea id={fieldId} rows={2} maxLength={2000} value={response} disabled={locked} onChange={(event) => setResponse(event.target.value)} />
        <StaffMessage message={message} />
        <div className="staff-actions">
          <button
            type="button"
            className="button"
            disabled={locked}
            onClick={() => void change(() => staffRequest(`/api/staff/feedback/${review.id}/response`, { method: 'PUT', body: { response } }))}
          >
            Save response
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={locked}
            onClick={() => void change(() => staffRequest(`/api/staff/feedback/${review.id}`, { method: 'PATCH', body: { is_published: !review.is_published } }))}
          >
            {review.is_published ? 'Hide review' : 'Show review'}
          </button>
        </div>
      </article>
    </li>
  );
}
