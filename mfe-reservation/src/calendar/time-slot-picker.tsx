import { TIME_SLOTS, useApiData } from '@samgyup/shared';
import { useRestaurantSettings } from '@samgyup/shared/settings/use-restaurant-settings';
import { useId } from 'react';
import { getFullSlots } from './get-full-slots';

const NONE: string[] = [];

/**
 * The three time slots as radio buttons; a slot the owner closed cannot be
 * chosen. Given the date and the party's size, a slot on which nothing free
 * seats the party says so; it stays choosable, so the table picker can offer
 * the other slots and the waitlist.
 */
export function TimeSlotPicker({
  value,
  onChange,
  error,
  date = null,
  guests,
}: {
  value: string | null;
  onChange: (label: string) => void;
  error?: string;
  date?: string | null;
  guests?: number;
}) {
  const name = useId();
  const settings = useRestaurantSettings().state;
  const full = useApiData(`full-slots-${date}-${guests}`, (signal) => (date && guests ? getFullSlots(date, guests, signal) : Promise.resolve(NONE))).state;
  const isClosed = (start: string) => settings.status === 'ready' && settings.data.closed_slots.includes(start);
  const isFull = (start: string) => full.status === 'ready' && full.data.includes(start);
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
              <span>{closed ? `${slot.label} (no bookings)` : isFull(slot.start) ? `${slot.label} (full for ${guests})` : slot.label}</span>
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
