import { TIME_SLOTS } from '@samgyup/shared';
import { useId } from 'react';

/** The three time slots as radio buttons. */
export function TimeSlotPicker({ value, onChange, error }: { value: string | null; onChange: (label: string) => void; error?: string }) {
  const name = useId();
  return (
    <fieldset className="time-slots" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>Time slot</legend>
      <div className="time-slots__options">
        {TIME_SLOTS.map((slot) => (
          <label key={slot.label} className={`time-slots__option${value === slot.label ? ' time-slots__option--chosen' : ''}`}>
            <input type="radio" name={name} value={slot.label} checked={value === slot.label} onChange={() => onChange(slot.label)} />
            <span>{slot.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="reservation-field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
