import { daysInMonth, GUESTS_MIN, Link, MONTH_NAMES, parseIsoDate, restaurantToday, toIsoDate, useApiData } from '@samgyup/shared';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { dayState, FIRST_YEAR, LAST_YEAR, monthWeeks, shiftMonth, WEEKDAY_LABELS, WEEKDAY_NAMES, weekdayOf, type DayState } from './calendar-days';
import { closedReasonFor } from '@samgyup/shared/settings';
import { useRestaurantSettings } from '@samgyup/shared/settings/use-restaurant-settings';
import { getFullyBookedDates } from './get-fully-booked-dates';

interface MonthCalendarProps {
  year: number;
  month: number;
  selectedDate: string | null;
  onSelectDate: (isoDate: string) => void;
  /** The parent clears the selection: changing month clears it (spec). */
  onMonthChange: (year: number, month: number) => void;
  /** Where the close button goes; no close button without it. */
  closeTo?: string;
  /** The party's size: a day on which no slot seats it shows fully booked (1 when not yet known). */
  guests?: number;
}

const STATE_WORDS: Record<DayState, string> = {
  past: 'past',
  today: 'today, not bookable online',
  closed: 'closed',
  'fully-booked': 'fully booked',
  available: 'available',
};

const YEARS = Array.from({ length: LAST_YEAR - FIRST_YEAR + 1 }, (_, index) => FIRST_YEAR + index);

/**
 * The reservation calendar: month and year header with dropdowns, previous and
 * next, weekday labels SUN–SAT, the legend, and days that are past, today,
 * fully booked or available. Arrow keys move between days.
 */
export function MonthCalendar({ year, month, selectedDate, onSelectDate, onMonthChange, closeTo, guests = GUESTS_MIN }: MonthCalendarProps) {
  const titleId = useId();
  const today = restaurantToday();
  const booked = useApiData(`fully-booked-${year}-${month}-${guests}`, (signal) => getFullyBookedDates(year, month, guests, signal));
  const fullyBooked = booked.state.status === 'ready' ? booked.state.data : new Set<string>();
  // Days the owner closed (a date with its reason, or a weekday the restaurant does not open).
  const settings = useRestaurantSettings().state;
  const closedReason = (iso: string) => (settings.status === 'ready' ? closedReasonFor(settings.data, iso) : null);
  const [closedNote, setClosedNote] = useState<string | null>(null);
  useEffect(() => setClosedNote(null), [year, month]);

  const selected = parseIsoDate(selectedDate);
  const todayParts = parseIsoDate(today)!;
  const startDay = selected && selected.year === year && selected.month === month ? selected.day : todayParts.year === year && todayParts.month === month ? todayParts.day : 1;
  const [focusedDay, setFocusedDay] = useState(startDay);
  const moveFocus = useRef(false);
  const dayButtons = useRef(new Map<number, HTMLButtonElement>());

  // The focus starts over when another month is shown, not when a day of this one is picked.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setFocusedDay(startDay), [year, month]);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    dayButtons.current.get(focusedDay)?.focus();
  }, [focusedDay]);

  const lastDay = daysInMonth(year, month);
  function onDayKey(event: KeyboardEvent, day: number) {
    const weekday = weekdayOf(year, month, day);
    const moves: Record<string, number> = {
      ArrowLeft: day - 1,
      ArrowRight: day + 1,
      ArrowUp: day - 7,
      ArrowDown: day + 7,
      Home: day - weekday,
      End: day + (6 - weekday),
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocusedDay(Math.min(lastDay, Math.max(1, moves[event.key])));
  }

  const go = (by: number) => {
    const next = shiftMonth(year, month, by);
    onMonthChange(next.year, next.month);
  };

  return (
    <div className="month-calendar">
      <div className="month-calendar__header">
        <h2 id={titleId} className="month-calendar__title" aria-live="polite">
          {MONTH_NAMES[month - 1]} {year}
        </h2>
        {closeTo && (
          <Link to={closeTo} className="month-calendar__close" aria-label="Close calendar">
            ×
          </Link>
        )}
      </div>
      <div className="month-calendar__controls">
        <button type="button" className="month-calendar__nav" onClick={() => go(-1)} aria-label="Previous month" disabled={year === FIRST_YEAR && month === 1}>
          ‹
        </button>
        <label className="visually-hidden" htmlFor={`${titleId}-month`}>
          Month
        </label>
        <select id={`${titleId}-month`} value={month} onChange={(event) => onMonthChange(year, Number(event.target.value))}>
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={`${titleId}-year`}>
          Year
        </label>
        <select id={`${titleId}-year`} value={year} onChange={(event) => onMonthChange(Number(event.target.value), month)}>
          {YEARS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <button type="button" className="month-calendar__nav" onClick={() => go(1)} aria-label="Next month" disabled={year === LAST_YEAR && month === 12}>
          ›
        </button>
      </div>

      <table className="month-calendar__grid" role="grid" aria-labelledby={titleId}>
        <thead>
          <tr>
            {WEEKDAY_LABELS.map((label, index) => (
              <th key={label} scope="col" abbr={WEEKDAY_NAMES[index]}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(year, month).map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                if (day === null) return <td key={column} className="month-calendar__blank" />;
                const iso = toIsoDate(year, month, day);
                const reason = closedReason(iso);
                const state = dayState(iso, today, fullyBooked, reason);
                const isSelected = iso === selectedDate;
                return (
                  <td key={column}>
                    <button
                      type="button"
                      ref={(element) => {
                        if (element) dayButtons.current.set(day, element);
                        else dayButtons.current.delete(day);
                      }}
                      className={`month-calendar__day month-calendar__day--${state}${isSelected ? ' month-calendar__day--selected' : ''}`}
                      tabIndex={day === focusedDay ? 0 : -1}
                      aria-pressed={isSelected}
                      aria-disabled={state !== 'available'}
                      aria-label={`${WEEKDAY_NAMES[column]}, ${MONTH_NAMES[month - 1]} ${day}, ${year}, ${STATE_WORDS[state]}${state === 'closed' ? `: ${reason}` : ''}`}
                      title={state === 'closed' ? `Closed: ${reason}` : undefined}
                      onKeyDown={(event) => onDayKey(event, day)}
                      onFocus={() => setFocusedDay(day)}
                      onClick={() => {
                        setClosedNote(state === 'closed' ? `${MONTH_NAMES[month - 1]} ${day}: we are closed (${reason}). Please choose another day.` : null);
                        if (state === 'available') onSelectDate(iso);
                      }}
                    >
                      {day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      {closedNote && (
        <p className="month-calendar__note month-calendar__note--problem" role="status">
          {closedNote}
        </p>
      )}
      {booked.state.status === 'loading' && (
        <p className="month-calendar__note" role="status">
          Checking which days are fully booked…
        </p>
      )}
      {booked.state.status === 'error' && (
        <p className="month-calendar__note month-calendar__note--problem" role="alert">
          We could not check which days are fully booked. You can still choose a day: we check your table when you book.{' '}
          <button type="button" className="button--ghost month-calendar__retry" onClick={booked.retry}>
            Check again
          </button>
        </p>
      )}

      <ul className="month-calendar__legend" aria-label="Legend">
        <li>
          <span className="month-calendar__swatch month-calendar__swatch--today" aria-hidden="true" /> Today
        </li>
        <li>
          <span className="month-calendar__swatch month-calendar__swatch--available" aria-hidden="true" /> Available
        </li>
        <li>
          <span className="month-calendar__swatch month-calendar__swatch--fully-booked" aria-hidden="true" /> Fully Booked
        </li>
        <li>
          <span className="month-calendar__swatch month-calendar__swatch--past" aria-hidden="true" /> Past
        </li>
        <li>
          <span className="month-calendar__swatch month-calendar__swatch--closed" aria-hidden="true" /> Closed (striped)
        </li>
      </ul>
    </div>
  );
}
