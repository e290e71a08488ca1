/** A rating as that many filled stars, read out as 'Rated 4 out of 5'. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <span className="star-rating" role="img" aria-label={`Rated ${rating} out of 5`}>
      <span className="star-rating__on">{'★'.repeat(rating)}</span>
      <span className="star-rating__off">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}
