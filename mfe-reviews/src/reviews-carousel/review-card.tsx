import { formatLongDate, siteConfig } from '@samgyup/shared';
import type { PublicReview } from './get-public-feedback';
import { InitialsAvatar } from './initials-avatar';
import { StarRating } from './star-rating';

/** One review. Text is rendered as text: markup in a review shows, never runs. */
export function ReviewCard({ review }: { review: PublicReview }) {
  return (
    <article className="review-card" aria-label={`Review by ${review.customer_name}`}>
      <header className="review-card__header">
        <InitialsAvatar name={review.customer_name} />
        <div>
          <h3 className="review-card__author">{review.customer_name}</h3>
          <time className="review-card__date" dateTime={review.created_at}>
            {formatLongDate(review.created_at)}
          </time>
        </div>
      </header>
      <StarRating rating={review.rating} />
      <p className="review-card__text">{review.feedback_text}</p>
      {review.admin_response && (
        <div className="review-card__response">
          <p className="review-card__response-label">Response from {siteConfig.brandName}</p>
          <p>{review.admin_response}</p>
        </div>
      )}
    </article>
  );
}
