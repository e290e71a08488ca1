import { TIME_SLOTS } from '@samgyup/shared';
import { useRestaurantSettings } from '@samgyup/shared/settings/use-restaurant-settings';
import { useId } from 'react';

/** The three time slots as radio buttons; a slot the owner closed cannot be chosen. */
export function TimeSlotPicker({ value, onChange, error }: { value: string | null; onChange: (label: string) => void; error?: string }) {
  const name = useId();
  const settings = useRestaurantSettings().state;
  const isClosed = (start: string) => settings.status === 'ready' && settings.data.closed_slots.includes(start);
  return (
    <fieldset className="time-slots" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>Time slot</legend>
      <div className="time-slots__options">
        {TIME_SLOTS.map((slot) => {
          const closed = isClosed(slot.start);
          const chosen = value === slot.label && !closed;
          return (
            <label key={slot.label} className={`time-slots__option${chosen ? ' time-slots__option--chosen' : ''}`}>
              <input type="radio" name={name} value={slot.label} checked={chosen} disabled={closed} onChange={() => onChange(slot.label)} />
              <span>{closed ? `${slot.label} (no bookings)` : slot.label}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${name}-error`} className="reservation-field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
