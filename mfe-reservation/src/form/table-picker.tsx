import { Link, useApiData } from '@samgyup/shared';
import { reservationMessages } from '@samgyup/shared/validation';
import { useEffect, useId } from 'react';
import { getAvailableTables, type AvailableTable } from './get-available-tables';

interface TablePickerProps {
  date: string | null;
  /** 24-hour start of the slot, or null when no slot is chosen. */
  time: string | null;
  guests: number;
  value: number | null;
  onChange: (table: AvailableTable | null) => void;
  error?: string;
}

/** The free tables for the chosen date and slot; tables too small for the group cannot be picked. */
export function TablePicker({ date, time, guests, value, onChange, error }: TablePickerProps) {
  const name = useId();
  return (
    <fieldset className="table-picker" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>Table</legend>
      {date && time ? (
        <TableChoices date={date} time={time} guests={guests} value={value} onChange={onChange} name={name} />
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

function TableChoices({ date, time, guests, value, onChange, name }: Omit<TablePickerProps, 'error' | 'date' | 'time'> & { date: string; time: string; name: string }) {
  const { state, retry } = useApiData(`tables-${date}-${time}`, (signal) => getAvailableTables(date, time, signal));
  const tables = state.status === 'ready' ? state.data : null;

  // A chosen table that is no longer free, or too small now, is unchosen.
  useEffect(() => {
    if (!tables || value === null) return;
    const chosen = tables.find((table) => table.id === value);
    if (!chosen || (chosen.capacity !== undefined && chosen.capacity < guests)) onChange(null);
  }, [tables, value, guests, onChange]);

  if (state.status === 'loading') return <p role="status">Loading available tables…</p>;
  if (state.status === 'error') {
    return (
      <div role="alert" className="table-picker__problem">
        <p>{reservationMessages.tablesLoadFailed}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (state.data.length === 0) {
    return (
      <p className="table-picker__message">
        Every table is taken for this time. Please choose another time slot or date.{' '}
        <Link to={`/reservation-waitlist?date=${date}&time=${time}&guests=${guests}`}>Join the waitlist for this time</Link>
      </p>
    );
  }
  return (
    <div className="table-picker__options">
      {state.data.map((table) => {
        const tooSmall = table.capacity !== undefined && table.capacity < guests;
        return (
          <label key={table.id} className={`table-picker__option${value === table.id ? ' table-picker__option--chosen' : ''}${tooSmall ? ' table-picker__option--too-small' : ''}`}>
            <input type="radio" name={name} value={table.id} checked={value === table.id} disabled={tooSmall} onChange={() => onChange(table)} />
            <span className="table-picker__number">Table {table.table_number}</span>
            {table.capacity !== undefined && (
              <span className="table-picker__seats">{tooSmall ? `Seats ${table.capacity}: too small for ${guests}` : `Seats ${table.capacity}`}</span>
            )}
          </label>
        );
      })}
    </div>
  );
}
