import { ClientOnly, GUESTS_DEFAULT, GUESTS_MAX, GUESTS_MIN, MONTH_NAMES, parseIsoDate, restaurantToday, TIME_SLOTS, useNavigate } from '@samgyup/shared';
import { FormField } from '@samgyup/shared/account-forms';
import { useState } from 'react';
import { MonthCalendar } from '../calendar/month-calendar';
import { TimeSlotPicker } from '../calendar/time-slot-picker';
import '../styles/reservation.css';

/**
 * /reservation-date: choose a day and a time slot, then fill in the details. The
 * calendar opens on today, so a first screen rendered ahead of time (at build,
 * possibly days before) shows the heading and waits for it.
 */
export function ReservationDatePage() {
  return (
    <section className="reservation-page" aria-labelledby="reservation-date-title">
      <h1 id="reservation-date-title">Choose a date and time</h1>
      <ClientOnly
        fallback={
          <p className="reservation-date__status" role="status">
            Loading the calendar...
          </p>
        }
      >
        {() => <ReservationDateChooser />}
      </ClientOnly>
    </section>
  );
}

function ReservationDateChooser() {
  const navigate = useNavigate();
  const today = parseIsoDate(restaurantToday())!;
  const [shown, setShown] = useState({ year: today.year, month: today.month });
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string>(TIME_SLOTS[0].label);
  const [guestsTyped, setGuestsTyped] = useState(String(GUESTS_DEFAULT));
  // Days and slots are shown for this party: a group of 20 sees where 20 fit.
  const guests = Math.min(GUESTS_MAX, Math.max(GUESTS_MIN, Math.trunc(Number(guestsTyped)) || GUESTS_MIN));

  function next() {
    const chosen = parseIsoDate(date);
    if (!chosen || !time) return;
    const params = new URLSearchParams({
      date: String(chosen.day),
      month: MONTH_NAMES[chosen.month - 1],
      year: String(chosen.year),
      time,
      guests: String(guests),
    });
    void navigate(`/reservation-form?${params}`);
  }

  const chosen = parseIsoDate(date);
  return (
    <div className="reservation-date">
      <MonthCalendar
        year={shown.year}
        month={shown.month}
        selectedDate={date}
        onSelectDate={setDate}
        onMonthChange={(year, month) => {
          setShown({ year, month });
          setDate(null);
        }}
        closeTo="/reservation"
        guests={guests}
      />
      <div className="reservation-date__side">
        <FormField
          label="Guests"
          name="number_of_guests"
          type="number"
          inputMode="numeric"
          min={GUESTS_MIN}
          max={GUESTS_MAX}
          value={guestsTyped}
          onChange={(event) => setGuestsTyped(event.target.value)}
          hint={`Groups of up to ${GUESTS_MAX} sit at joined tables.`}
        />
        <TimeSlotPicker value={time} onChange={setTime} date={date} guests={guests} />
        <p className="reservation-date__choice" aria-live="polite">
          {chosen ? `${MONTH_NAMES[chosen.month - 1]} ${chosen.day}, ${chosen.year} · ${time}` : 'Choose an available day.'}
        </p>
        <button type="button" className="button reservation-next" disabled={!date || !time} onClick={next}>
          Next
        </button>
      </div>
    </div>
  );
}
