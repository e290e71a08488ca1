import { useId } from 'react';

/** 1–5 stars as a radio group: arrow keys move, each star is read as 'N stars'. */
export function StarRatingInput({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const name = useId();
  return (
    <fieldset className="star-input">
      <legend>Your rating</legend>
      <div className="star-input__stars">
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className={`star-input__star ${star <= value ? 'star-input__star--on' : ''}`}>
            <input type="radio" name={name} value={star} checked={value === star} onChange={() => onChange(star)} className="visually-hidden" />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{star === 1 ? '1 star' : `${star} stars`}</span>
          </label>
        ))}
      </div>
      <p className="star-input__value" aria-hidden="true">
        {value > 0 ? `${value} out of 5` : 'Tap a star'}
      </p>
    </fieldset>
  );
}
