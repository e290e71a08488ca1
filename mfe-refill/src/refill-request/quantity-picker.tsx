import { REFILL_MAX_QUANTITY } from '@samgyup/shared';

/** − count + with big targets; never below 0 nor above the maximum. */
export function QuantityPicker({ name, value, onChange }: { name: string; value: number; onChange: (value: number) => void }) {
  return (
    <div className={`quantity-picker ${value > 0 ? 'quantity-picker--chosen' : ''}`} role="group" aria-label={name}>
      <span className="quantity-picker__name">{name}</span>
      <button
        type="button"
        className="quantity-picker__button"
        aria-label={`One less ${name}`}
        disabled={value <= 0}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        −
      </button>
      <output className="quantity-picker__value" aria-live="polite" aria-label={`${name} quantity`}>
        {value}
      </output>
      <button
        type="button"
        className="quantity-picker__button"
        aria-label={`One more ${name}`}
        disabled={value >= REFILL_MAX_QUANTITY}
        onClick={() => onChange(Math.min(REFILL_MAX_QUANTITY, value + 1))}
      >
        +
      </button>
    </div>
  );
}
