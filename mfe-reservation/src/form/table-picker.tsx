import { formatLongUsDate, Link, siteConfig, slotLabel, useApiData } from '@samgyup/shared';
import { tableOptionLabel, type TableOption } from '@samgyup/shared/reservation';
import { reservationMessages } from '@samgyup/shared/validation';
import { useEffect, useId, useMemo } from 'react';
import { getAvailableTables } from './get-available-tables';
import { getTableOptions } from './get-table-options';
import { choiceKey, type TableChoice } from './table-choice';

interface TablePickerProps {
  date: string | null;
  /** 24-hour start of the slot, or null when no slot is chosen. */
  time: string | null;
  guests: number;
  value: TableChoice | null;
  onChange: (choice: TableChoice | null) => void;
  /** Another date and slot that seats the party, picked from the no-fit answer. */
  onChooseSlot: (date: string, time: string) => void;
  error?: string;
}

const choiceOf = (option: TableOption): TableChoice =>
  option.combination_id === null
    ? { kind: 'table', table_id: option.table_id, table_numbers: option.table_numbers }
    : { kind: 'joined', table_id: option.table_id, combination_id: option.combination_id, table_numbers: option.table_numbers };

/**
 * What seats the group on the chosen date and slot: single tables and joined
 * tables, best fit first, and "let the restaurant choose". Free tables too small
 * for the group are shown but cannot be picked. When nothing seats the group:
 * the other slots that do, the waitlist and the restaurant's phone.
 */
export function TablePicker({ date, time, guests, value, onChange, onChooseSlot, error }: TablePickerProps) {
  const name = useId();
  return (
    <fieldset className="table-picker" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>Table</legend>
      {date && time ? (
        <TableChoices date={date} time={time} guests={guests} value={value} onChange={onChange} onChooseSlot={onChooseSlot} name={name} />
      ) : (
        <p className="table-picker__message">{reservationMessages.tablesNeedDateTime}</p>
      )}
      {error && (
        <p id={`${name}-error`} className="reservation-field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function TableChoices({
  date,
  time,
  guests,
  value,
  onChange,
  onChooseSlot,
  name,
}: Omit<TablePickerProps, 'error' | 'date' | 'time'> & { date: string; time: string; name: string }) {
  const free = useApiData(`tables-${date}-${time}`, (signal) => getAvailableTables(date, time, signal));
  // Every free choice of the slot, asked once: a change of party size filters them here, with no reload.
  const fitting = useApiData(`table-options-${date}-${time}`, (signal) => getTableOptions(date, time, 1, signal));
  const options = useMemo(() => (fitting.state.status === 'ready' ? fitting.state.data.options.filter((option) => option.seats >= guests) : null), [fitting.state, guests]);

  // A chosen table that is no longer free, or no longer seats the group, is unchosen.
  useEffect(() => {
    if (!options || value === null) return;
    const stillThere = value.kind === 'best' ? options.length > 0 : options.some((option) => choiceKey(choiceOf(option)) === choiceKey(value));
    if (!stillThere) onChange(null);
  }, [options, value, onChange]);

  if (free.state.status === 'loading' || fitting.state.status === 'loading') return <p role="status">Loading available tables…</p>;
  if (free.state.status === 'error' || fitting.state.status === 'error' || !options) {
    return (
      <div role="alert" className="table-picker__problem">
        <p>{reservationMessages.tablesLoadFailed}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            free.retry();
            fitting.retry();
          }}
        >
          Try again
        </button>
      </div>
    );
  }
  const waitlistLink = `/reservation-waitlist?date=${date}&time=${time}&guests=${guests}`;
  if (free.state.data.length === 0) {
    return (
      <p className="table-picker__message">
        Every table is taken for this time. Please choose another time slot or date. <Link to={waitlistLink}>Join the waitlist for this time</Link>
      </p>
    );
  }
  if (options.length === 0) return <NoFit date={date} time={time} guests={guests} onChooseSlot={onChooseSlot} waitlistLink={waitlistLink} />;
  const tooSmall = free.state.data.filter((table) => table.capacity !== undefined && table.capacity < guests);
  const chosen = choiceKey(value);
  return (
    <div className="table-picker__options">
      {options.map((option) => {
        const choice = choiceOf(option);
        const key = choiceKey(choice);
        return (
          <label key={key} className={`table-picker__option${chosen === key ? ' table-picker__option--chosen' : ''}`}>
            <input type="radio" name={name} value={key} checked={chosen === key} onChange={() => onChange(choice)} />
            <span className="table-picker__number">{tableOptionLabel(option)}</span>
          </label>
        );
      })}
      <label className={`table-picker__option${chosen === 'best' ? ' table-picker__option--chosen' : ''}`}>
        <input type="radio" name={name} value="best" checked={chosen === 'best'} onChange={() => onChange({ kind: 'best' })} />
        <span className="table-picker__number">Let the restaurant choose the best table</span>
      </label>
      {tooSmall.map((table) => (
        <label key={`small-${table.id}`} className="table-picker__option table-picker__option--too-small">
          <input type="radio" name={name} value={`small-${table.id}`} checked={false} disabled onChange={() => undefined} />
          <span className="table-picker__number">Table {table.table_number}</span>
          <span className="table-picker__seats">{`Seats ${table.capacity}: too small for ${guests}`}</span>
        </label>
      ))}
    </div>
  );
}

/** Nothing seats the party on this slot: where else it fits (asked for its size), the waitlist for its size, and the phone. */
function NoFit({
  date,
  time,
  guests,
  onChooseSlot,
  waitlistLink,
}: {
  date: string;
  time: string;
  guests: number;
  onChooseSlot: (date: string, time: string) => void;
  waitlistLink: string;
}) {
  const { state } = useApiData(`table-options-${date}-${time}-${guests}`, (signal) => getTableOptions(date, time, guests, signal));
  const otherSlots = state.status === 'ready' ? state.data.other_slots : [];
  const phone = state.status === 'ready' ? state.data.phone : siteConfig.contact.phone;
  return (
    <div className="table-picker__no-fit" role="status">
      <p>{reservationMessages.noFit(guests)}</p>
      {state.status === 'loading' && <p>Looking for other times with room for {guests}…</p>}
      {otherSlots.length > 0 && (
        <>
          <p>These times still have room for {guests}:</p>
          <ul className="table-picker__other-slots">
            {otherSlots.map((slot) => (
              <li key={`${slot.date}-${slot.time}`}>
                <button type="button" className="button button--secondary" onClick={() => onChooseSlot(slot.date, slot.time)}>
                  {`${formatLongUsDate(slot.date)}, ${slotLabel(slot.time)}`}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={waitlistLink}>{`Join the waitlist for ${guests} at this time`}</Link>
      </p>
      <p>
        For larger groups or special events, call us at <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>.
      </p>
    </div>
  );
}
