import { useApiData } from '@samgyup/shared';
import { formatCount } from '@samgyup/shared/count';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { activeDot, canMove, dotCount, dotIndex, dotWindow, nextIndex, previousIndex, REVIEWS_PER_VIEW, visiblePositions } from './carousel-position';
import { getPublicFeedback, type PublicReview, type PublicReviewsPage } from './get-public-feedback';
import { ReviewCard } from './review-card';

export const reviewTexts = {
  loading: 'Loading customer reviews...',
  error: 'Unable to load reviews at the moment. Please try again later.',
  empty: 'No customer reviews available yet.',
} as const;

/** How close to the end of the reviews on hand the next page is asked for, so it is in before a diner gets there. */
const LOOK_AHEAD = 3 * REVIEWS_PER_VIEW;

const loadFirstPage = (signal: AbortSignal) => getPublicFeedback(signal);

/** The customer reviews section of /feedback: loading, error, empty or the carousel. */
export function ReviewsSection() {
  const { state, retry } = useApiData('customer reviews', loadFirstPage);
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
      {state.status === 'ready' && state.data.reviews.length === 0 && <p className="reviews-section__status">{reviewTexts.empty}</p>}
      {state.status === 'ready' && state.data.reviews.length > 0 && <ReviewsCarousel firstPage={state.data} />}
    </section>
  );
}

/**
 * The reviews on hand: the newest page, then the older pages asked for as the
 * carousel nears the end of what it has. A page that fails is asked for again
 * at the diner's next move; meanwhile the carousel wraps over what it has.
 */
function useReviewsOnHand(firstPage: PublicReviewsPage, index: number) {
  const [older, setOlder] = useState({ reviews: [] as PublicReview[], cursor: firstPage.nextCursor, total: firstPage.total });
  const asking = useRef<string | null>(null);
  const firstIds = new Set(firstPage.reviews.map((review) => review.id));
  const reviews = [...firstPage.reviews, ...older.reviews.filter((review) => !firstIds.has(review.id))];
  const { cursor } = older;
  const count = reviews.length;

  useEffect(() => {
    if (cursor === null || asking.current === cursor || index + LOOK_AHEAD < count) return;
    asking.current = cursor;
    getPublicFeedback(undefined, cursor)
      .then((page) => setOlder((current) => (current.cursor === cursor ? { reviews: [...current.reviews, ...page.reviews], cursor: page.nextCursor, total: page.total } : current)))
      .catch((error: unknown) => console.error('Failed to load more customer reviews', error))
      .finally(() => {
        if (asking.current === cursor) asking.current = null;
      });
  }, [index, cursor, count]);

  return { reviews, total: Math.max(older.total, count) };
}

function ReviewsCarousel({ firstPage }: { firstPage: PublicReviewsPage }) {
  const [index, setIndex] = useState(0);
  const { reviews, total } = useReviewsOnHand(firstPage, index);
  const count = reviews.length;
  const movable = canMove(count);
  const positions = visiblePositions(index, count);
  const shownLabel = positions.length === 1 ? `Showing review 1 of 1` : `Showing reviews ${positions.map((position) => position + 1).join(' and ')} of ${formatCount(total)}`;
  const dots = dotCount(count);
  const current = activeDot(index);
  const [firstDot, endDot] = dotWindow(current, dots);
  const everyPairHasADot = total === count && endDot - firstDot === dots;
  const dotsRow = useRef<HTMLDivElement>(null);
  const [focusCurrentDot, setFocusCurrentDot] = useState(false);

  useEffect(() => {
    if (!focusCurrentDot) return;
    setFocusCurrentDot(false);
    dotsRow.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
  }, [focusCurrentDot, index]);

  // Left and right arrow keys step through the pairs from a dot, as in a tab list.
  const stepWithKeys = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || dots < 2) return;
    event.preventDefault();
    setIndex(dotIndex((current + step + dots) % dots));
    setFocusCurrentDot(true);
  };

  return (
    <div className="reviews-carousel" role="group" aria-roledescription="carousel" aria-label="Customer reviews">
      <div className="reviews-carousel__row">
        <button type="button" className="reviews-carousel__arrow" aria-label="Previous review" disabled={!movable} onClick={() => setIndex(previousIndex(index, count))}>
          <span aria-hidden="true">‹</span>
        </button>
        <ul className="reviews-carousel__list">
          {positions.map((position) => (
            <li key={reviews[position].id}>
              <ReviewCard review={reviews[position]} />
            </li>
          ))}
        </ul>
        <button type="button" className="reviews-carousel__arrow" aria-label="Next review" disabled={!movable} onClick={() => setIndex(nextIndex(index, count))}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="reviews-carousel__dots" ref={dotsRow} onKeyDown={stepWithKeys}>
        {Array.from({ length: endDot - firstDot }, (_, offset) => {
          const dot = firstDot + offset;
          const first = dotIndex(dot) + 1;
          const last = Math.min(first + 1, count);
          return (
            <button
              key={dot}
              type="button"
              className="reviews-carousel__dot"
              aria-label={first === last ? `Show review ${first}` : `Show reviews ${first} and ${last}`}
              aria-current={current === dot ? 'true' : undefined}
              onClick={() => setIndex(dotIndex(dot))}
            />
          );
        })}
      </div>
      {/* Seen as well as heard when some reviews have no dot on show. */}
      <p className={everyPairHasADot ? 'visually-hidden' : 'reviews-carousel__position'} aria-live="polite" aria-atomic="true">
        {shownLabel}
      </p>
    </div>
  );
}
