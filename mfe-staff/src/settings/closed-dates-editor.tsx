import { formatLongUsDate, restaurantToday } from '@samgyup/shared';
import { FormField } from '@samgyup/shared/account-forms';
import type { ClosedDate } from '@samgyup/shared/settings';
import { closedDateSchema, validate, type FieldErrors } from '@samgyup/shared/validation';
import { useState, type FormEvent } from 'react';
import { StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { staffRequest } from '../session/staff-session';

/** Holidays and private events: a closed date cannot be booked, and diners see why. */
export function ClosedDatesEditor({ closedDates, onChanged }: { closedDates: ClosedDate[]; onChanged: () => void }) {
  const [values, setValues] = useState({ date: '', reason: '' });
  const [errors, setErrors] = useState<FieldErrors<{ date: string; reason: string }>>({});
  const { message, busy, run } = useStaffAction();

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const result = validate(closedDateSchema, values);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    if (await run(() => staffRequest('/api/staff/closed-dates', { method: 'POST', body: result.data }))) {
      setValues({ date: '', reason: '' });
      onChanged();
    }
  }

  async function reopen(date: string) {
    if (await run(() => staffRequest(`/api/staff/closed-dates/${date}`, { method: 'DELETE' }))) onChanged();
  }

  return (
    <section className="settings-section" aria-labelledby="closed-dates-title">
      <h2 id="closed-dates-title">Closed dates</h2>
      <StaffMessage message={message} />
      {closedDates.length === 0 ? (
        <p>No closed dates ahead.</p>
      ) : (
        <ul className="staff-list">
          {closedDates.map((entry) => (
            <li key={entry.date} className="settings-row">
              <span>
                <strong>{formatLongUsDate(entry.date)}</strong> · {entry.reason}
              </span>
              <button type="button" className="button button--ghost" disabled={busy} onClick={() => void reopen(entry.date)}>
                Open {formatLongUsDate(entry.date)} again
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="staff-form" onSubmit={(event) => void onAdd(event)} noValidate aria-label="Close a date">
        <FormField
          label="Date to close"
          name="closed_date"
          type="date"
          min={restaurantToday()}
          value={values.date}
          onChange={(event) => setValues({ ...values, date: event.target.value })}
          error={errors.date}
        />
        <FormField
          label="Reason (diners see it)"
          name="closed_reason"
          value={values.reason}
          maxLength={120}
          onChange={(event) => setValues({ ...values, reason: event.target.value })}
          error={errors.reason}
        />
        <button type="submit" className="button" disabled={busy}>
          Close this date
        </button>
      </form>
    </section>
  );
}
