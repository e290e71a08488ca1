import { usePolledApiData } from '@samgyup/shared';
import { FormField } from '@samgyup/shared/account-forms';
import { tablesLabel } from '@samgyup/shared/reservation';
import { settingsMessages, tableCombinationSchema, validate } from '@samgyup/shared/validation';
import { useState, type FormEvent } from 'react';
import { NotLoaded, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { staffData, staffRequest } from '../session/staff-session';
import { listStaffTables, type StaffTable } from '../tables/staff-tables';

/** Tables pushed together for a group, as GET /api/staff/table-combinations answers. */
interface TableCombination {
  id: number;
  seats: number;
  is_active: boolean;
  tables: { id: number; table_number: number; is_active: boolean }[];
}

const listCombinations = (signal?: AbortSignal) => staffData<TableCombination[]>('/api/staff/table-combinations', signal);
type Run = (action: () => Promise<{ message: string }>) => Promise<boolean>;

/**
 * Joined tables for groups: which tables can be pushed together and how many
 * they seat joined (corner seats are lost, so not always the sum). A retired
 * table retires its combinations; one can come back once its tables are in service.
 */
export function TableCombinationsEditor() {
  const combinations = usePolledApiData('settings-table-combinations', listCombinations, null);
  const tables = usePolledApiData('settings-tables', listStaffTables, null);
  const { message, busy, run } = useStaffAction({ refresh: combinations.refresh });

  return (
    <section className="settings-section" aria-labelledby="combinations-title">
      <h2 id="combinations-title">Joined tables for groups</h2>
      <p>Tables that can be pushed together, and how many they seat joined. Diners see them as choices for larger groups.</p>
      <StaffMessage message={message} />
      {combinations.state.status !== 'ready' ? (
        <NotLoaded state={combinations.state} loading="Loading the joined tables…" what="the joined tables" onRetry={combinations.refresh} />
      ) : combinations.state.data.length === 0 ? (
        <p>No tables are joined yet: a group larger than the largest table cannot book.</p>
      ) : (
        <ul className="staff-list">
          {combinations.state.data.map((combination) => (
            <CombinationRow key={`${combination.id}-${combination.seats}-${combination.is_active}`} combination={combination} busy={busy} run={run} />
          ))}
        </ul>
      )}
      {tables.state.status === 'ready' && <AddCombination tables={tables.state.data.filter((table) => table.is_active)} busy={busy} run={run} />}
    </section>
  );
}

function CombinationRow({ combination, busy, run }: { combination: TableCombination; busy: boolean; run: Run }) {
  const label = tablesLabel(combination.tables.map((table) => table.table_number));
  const [seats, setSeats] = useState(String(combination.seats));
  const [error, setError] = useState<string | undefined>();
  const patch = (body: object) => () => staffRequest<{ message: string }>(`/api/staff/table-combinations/${combination.id}`, { method: 'PATCH', body });

  function onSave(event: FormEvent) {
    event.preventDefault();
    const seatsNumber = Number(seats);
    if (!Number.isInteger(seatsNumber) || seatsNumber < 2 || seatsNumber > 40) {
      setError(settingsMessages.combinationSeats);
      return;
    }
    setError(undefined);
    void run(patch({ seats: seatsNumber }));
  }

  return (
    <li className={`settings-row${combination.is_active ? '' : ' settings-row--retired'}`}>
      <form className="settings-table" onSubmit={onSave} noValidate aria-label={label}>
        <span className="settings-table__name">{label}</span>
        <FormField label={`Seats at ${label}`} inputMode="numeric" value={seats} onChange={(event) => setSeats(event.target.value)} error={error} />
        <span className="settings-table__actions">
          {!combination.is_active && <span className="settings-table__retired">Not joined</span>}
          <button type="submit" className="button button--secondary" disabled={busy}>
            Save {label}
          </button>
          {combination.is_active ? (
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => void run(patch({ is_active: false }))}>
              Stop joining {label}
            </button>
          ) : (
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => void run(patch({ is_active: true }))}>
              Join {label} again
            </button>
          )}
        </span>
      </form>
    </li>
  );
}

function AddCombination({ tables, busy, run }: { tables: StaffTable[]; busy: boolean; run: Run }) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [seats, setSeats] = useState('');
  const [errors, setErrors] = useState<{ table_ids?: string; seats?: string }>({});
  const toggle = (id: number) => setChosen((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id]));

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const result = validate(tableCombinationSchema, { table_ids: chosen, seats });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    if (await run(() => staffRequest('/api/staff/table-combinations', { method: 'POST', body: result.data }))) {
      setChosen([]);
      setSeats('');
    }
  }

  return (
    <form className="staff-form" onSubmit={(event) => void onAdd(event)} noValidate aria-label="Join tables">
      <fieldset className="settings-checks" aria-describedby={errors.table_ids ? 'combination-tables-error' : undefined}>
        <legend>Tables to join</legend>
        {tables.map((table) => (
          <label key={table.id}>
            <input type="checkbox" checked={chosen.includes(table.id)} onChange={() => toggle(table.id)} />
            {` Table ${table.table_number} (seats ${table.capacity})`}
          </label>
        ))}
        {errors.table_ids && (
          <p id="combination-tables-error" className="field-error" role="alert">
            {errors.table_ids}
          </p>
        )}
      </fieldset>
      <FormField label="Seats when joined" inputMode="numeric" value={seats} onChange={(event) => setSeats(event.target.value)} error={errors.seats} />
      <button type="submit" className="button" disabled={busy}>
        Join tables
      </button>
    </form>
  );
}
