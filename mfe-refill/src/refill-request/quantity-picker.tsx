import { REFILL_MAX_QUANTITY } from '@samgyup/shared/refill';

/** − count + with big targets; never below 0 nor above the maximum. A sold-out item says so and cannot be asked for. */
export function QuantityPicker({ name, value, onChange, soldOut = false }: { name: string; value: number; onChange: (value: number) => void; soldOut?: boolean }) {
  return (
    <div
      className={`quantity-picker ${value > 0 ? 'quantity-picker--chosen' : ''}${soldOut ? ' quantity-picker--sold-out' : ''}`}
      role="group"
      aria-label={soldOut ? `${name}, sold out` : name}
    >
      <span className="quantity-picker__name">
        {name}
        {soldOut && <span className="quantity-picker__sold-out"> Sold out</span>}
      </span>
      <button type="button" className="quantity-picker__button" aria-label={`One less ${name}`} disabled={value <= 0} onClick={() => onChange(Math.max(0, value - 1))}>
        −
      </button>
      <output className="quantity-picker__value" aria-live="polite" aria-label={`${name} quantity`}>
        {value}
      </output>
      <button
        type="button"
        className="quantity-picker__button"
        aria-label={`One more ${name}`}
        disabled={soldOut || value >= REFILL_MAX_QUANTITY}
        onClick={() => onChange(Math.min(REFILL_MAX_QUANTITY, value + 1))}
      >
        +
      </button>
    </div>
  );
}
