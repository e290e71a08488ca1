import { usePolledApiData } from '@samgyup/shared';
import { FormField } from '@samgyup/shared/account-forms';
import { tableSchema, validate, type FieldErrors } from '@samgyup/shared/validation';
import { useState, type FormEvent } from 'react';
import { NotLoaded, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { staffRequest } from '../session/staff-session';
import { listStaffTables, type StaffTable } from '../tables/staff-tables';

type TableFields = { table_number: string; capacity: string };

/** Tables: add one, change its number or seats, retire it (it keeps its history and leaves the booking picker) or bring it back. */
export function TablesEditor() {
  const { state, refresh } = usePolledApiData('settings-tables', listStaffTables, null);
  const { message, busy, run } = useStaffAction({ refresh });

  return (
    <section className="settings-section" aria-labelledby="tables-title">
      <h2 id="tables-title">Tables</h2>
      <StaffMessage message={message} />
      {state.status !== 'ready' ? (
        <NotLoaded state={state} loading="Loading the tables…" what="the tables" onRetry={refresh} />
      ) : (
        <ul className="staff-list">
          {state.data.map((table) => (
            <TableRow key={`${table.id}-${table.table_number}-${table.capacity}`} table={table} busy={busy} run={run} />
          ))}
        </ul>
      )}
      <AddTable busy={busy} run={run} />
    </section>
  );
}

function TableRow({ table, busy, run }: { table: StaffTable; busy: boolean; run: (action: () => Promise<{ message: string }>) => Promise<boolean> }) {
  const [fields, setFields] = useState<TableFields>({ table_number: String(table.table_number), capacity: String(table.capacity) });
  const [errors, setErrors] = useState<FieldErrors<TableFields>>({});
  const patch = (body: object) => () => staffRequest<{ message: string }>(`/api/staff/tables/${table.id}`, { method: 'PATCH', body });

  function onSave(event: FormEvent) {
    event.preventDefault();
    const result = validate(tableSchema, fields);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) void run(patch(result.data));
  }

  return (
    <li className={`settings-row${table.is_active ? '' : ' settings-row--retired'}`}>
      <form className="settings-table" onSubmit={onSave} noValidate aria-label={`Table ${table.table_number}`}>
        <FormField
          label="Table number"
          inputMode="numeric"
          value={fields.table_number}
          onChange={(event) => setFields({ ...fields, table_number: event.target.value })}
          error={errors.table_number}
        />
        <FormField label="Seats" inputMode="numeric" value={fields.capacity} onChange={(event) => setFields({ ...fields, capacity: event.target.value })} error={errors.capacity} />
        <span className="settings-table__actions">
          {!table.is_active && <span className="settings-table__retired">Retired</span>}
          <button type="submit" className="button button--secondary" disabled={busy}>
            Save table {table.table_number}
          </button>
          {table.is_active ? (
            <button type="button" className="button button--ghost" disabled={busy || table.state === 'seated'} onClick={() => void run(patch({ is_active: false }))}>
              Retire table {table.table_number}
            </button>
          ) : (
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => void run(patch({ is_active: true }))}>
              Bring table {table.table_number} back
            </button>
          )}
        </span>
      </form>
    </li>
  );
}

function AddTable({ busy, run }: { busy: boolean; run: (action: () => Promise<{ message: string }>) => Promise<boolean> }) {
  const [fields, setFields] = useState<TableFields>({ table_number: '', capacity: '4' });
  const [errors, setErrors] = useState<FieldErrors<TableFields>>({});

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const result = validate(tableSchema, fields);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    if (await run(() => staffRequest('/api/staff/tables', { method: 'POST', body: result.data }))) setFields({ table_number: '', capacity: '4' });
  }

  return (
    <form className="staff-form settings-table" onSubmit={onAdd} noValidate aria-label="Add a table">
      <FormField
        label="New table number"
        inputMode="numeric"
        value={fields.table_number}
        onChange={(event) => setFields({ ...fields, table_number: event.target.value })}
        error={errors.table_number}
      />
      <FormField
        label="New table seats"
        inputMode="numeric"
        value={fields.capacity}
        onChange={(event) => setFields({ ...fields, capacity: event.target.value })}
        error={errors.capacity}
      />
      <button type="submit" className="button" disabled={busy}>
        Add table
      </button>
    </form>
  );
}
