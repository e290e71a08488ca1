import { useApiData } from '@samgyup/shared';
import { useState } from 'react';
import {
  activeDot,
  canMove,
  dotCount,
  dotIndex,
  nextIndex,
  previousIndex,
  visiblePositions,
} from './carousel-position';
import { getPublicFeedback, type PublicReview } from './get-public-feedback';
import { ReviewCard } from './review-card';

export const reviewTexts = {
  loading: 'Loading customer reviews...',
  error: 'Unable to load reviews at the moment. Please try again later.',
  empty: 'No customer reviews available yet.',
} as const;

/** The customer reviews section of /feedback: loading, error, empty or the carousel. */
export function ReviewsSection() {
  const { state, retry } = useApiData('customer reviews', getPublicFeedback);
  return (
    <section className="reviews-section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">What Our Customers Say</h2>
      {state.status === 'loading' && (
        <p className="reviews-section__status" role="status">
          {reviewTexts.loading}
        </p>
      )}
      {state.status === 'error' && (
        <div className="reviews-section__status reviews-section__status--error" role="alert">
          <p>{reviewTexts.error}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && state.data.length === 0 && <p className="reviews-section__status">{reviewTexts.empty}</p>}
      {state.status === 'ready' && state.data.length > 0 && <ReviewsCarousel reviews={state.data} />}
    </section>
  );
}

function ReviewsCarousel({ reviews }: { reviews: PublicReview[] }) {
  const [index, setIndex] = useState(0);
  const count = reviews.length;
  const movable = canMove(count);
  const positions = visiblePositions(index, count);
  const shownLabel =
    positions.length === 1
      ? `Showing review 1 of 1`
      : `Showing reviews ${positions.map((position) => position + 1).join(' and ')} of ${count}`;

  return (
    <div className="reviews-carousel" role="group" aria-roledescription="carousel" aria-label="Customer reviews">
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {shownLabel}
      </p>
      <div className="reviews-carousel__row">
        <button
          type="button"
          className="reviews-carousel__arrow"
          aria-label="Previous review"
          disabled={!movable}
          onClick={() => setIndex(previousIndex(index, count))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <ul className="reviews-carousel__list">
          {positions.map((position) => (
            <li key={reviews[position].id}>
              <ReviewCard review={reviews[position]} />
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="reviews-carousel__arrow"
          aria-label="Next review"
          disabled={!movable}
          onClick={() => setIndex(nextIndex(index, count))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="reviews-carousel__dots">
        {Array.from({ length: dotCount(count) }, (_, dot) => {
          const first = dotIndex(dot) + 1;
          const last = Math.min(first + 1, count);
          return (
            <button
              key={dot}
              type="button"
              className="reviews-carousel__dot"
              aria-label={first === last ? `Show review ${first}` : `Show reviews ${first} and ${last}`}
              aria-current={activeDot(index) === dot ? 'true' : undefined}
              onClick={() => setIndex(dotIndex(dot))}
            />
          );
        })}
      </div>
    </div>
  );
}
