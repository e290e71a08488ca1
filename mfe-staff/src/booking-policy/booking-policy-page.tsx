import { useApiData } from '@samgyup/shared';
import type { BookingPolicy, DownPaymentBasis } from '@samgyup/shared/reservation';
import { useEffect, useState, type FormEvent } from 'react';
import { StaffPage } from '../layout/staff-page';
import { LoadFailed, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { staffData, staffRequest } from '../session/staff-session';

type PolicyFields = Omit<BookingPolicy, 'updated_by' | 'updated_at'>;

function getPolicy(signal: AbortSignal): Promise<BookingPolicy> {
  return staffData('/api/staff/booking-policy', signal);
}

const NUMBER_FIELDS: { name: Exclude<keyof PolicyFields, 'refund_on_cancel' | 'down_payment_per' | 'down_payment_group_size' | 'confirm_when_paid'>; label: string }[] = [
  { name: 'change_cutoff_hours', label: 'Diners may cancel or move a reservation until this many hours before the slot' },
  { name: 'hold_minutes', label: 'A booking without a proof of payment holds its table this many minutes' },
  { name: 'first_reminder_minutes', label: 'First reminder, minutes before the slot' },
  { name: 'second_reminder_minutes', label: 'Second reminder, minutes before the slot' },
  { name: 'waitlist_offer_minutes', label: 'A waitlisted party has this many minutes to claim a freed table' },
];

const DOWN_PAYMENT_BASES: { value: DownPaymentBasis; label: string }[] = [
  { value: 'reservation', label: 'Once per reservation' },
  { value: 'guest', label: 'Per guest' },
  { value: 'group', label: 'Per group of guests' },
];

/**
 * /staff/booking-policy (admins): the cancel and move cutoff, the down payment
 * on cancelling and by party size (the amount itself is in Settings), reminders and waitlist offers.
 */
export function BookingPolicyPage() {
  return (
    <StaffPage title="Booking policy" adminOnly adminOnlyMessage="Only an admin can change the booking policy.">
      {() => <BookingPolicyForm />}
    </StaffPage>
  );
}

function BookingPolicyForm() {
  const { state, retry } = useApiData('staff-booking-policy', getPolicy);
  const [fields, setFields] = useState<PolicyFields | null>(null);
  const { message, busy: saving, run } = useStaffAction();
  useEffect(() => {
    if (state.status !== 'ready') return;
    const { updated_by: _by, updated_at: _at, ...policy } = state.data;
    setFields(policy);
  }, [state]);

  if (state.status === 'loading' || (state.status === 'ready' && !fields)) return <p role="status">Loading the booking policy…</p>;
  if (state.status === 'error') return <LoadFailed what="the booking policy" onRetry={retry} />;
  const values = fields!;

  async function save(event: FormEvent) {
    event.preventDefault();
    await run(() => staffRequest('/api/staff/booking-policy', { method: 'PUT', body: values }));
  }

  return (
    <form className="staff-form" onSubmit={(event) => void save(event)}>
      <StaffMessage message={message} />
      {NUMBER_FIELDS.map((field) => (
        <label key={field.name}>
          {field.label}
          <input
            type="number"
            inputMode="numeric"
            value={Number.isNaN(values[field.name]) ? '' : values[field.name]}
            onChange={(event) => setFields({ ...values, [field.name]: event.target.valueAsNumber })}
          />
        </label>
      ))}
      <label>
        The down payment in Settings is asked
        <select value={values.down_payment_per ?? 'reservation'} onChange={(event) => setFields({ ...values, down_payment_per: event.target.value as DownPaymentBasis })}>
          {DOWN_PAYMENT_BASES.map((basis) => (
            <option key={basis.value} value={basis.value}>
              {basis.label}
            </option>
          ))}
        </select>
      </label>
      {values.down_payment_per === 'group' && (
        <label>
          Guests per group (a party of 9 with groups of 4 pays for 3 groups)
          <input
            type="number"
            inputMode="numeric"
            value={Number.isNaN(values.down_payment_group_size) ? '' : values.down_payment_group_size}
            onChange={(event) => setFields({ ...values, down_payment_group_size: event.target.valueAsNumber })}
          />
        </label>
      )}
      <label>
        <input type="checkbox" checked={values.refund_on_cancel} onChange={(event) => setFields({ ...values, refund_on_cancel: event.target.checked })} />
        Refund the down payment when a diner cancels before the cutoff
      </label>
      <label>
        <input type="checkbox" checked={values.confirm_when_paid} onChange={(event) => setFields({ ...values, confirm_when_paid: event.target.checked })} />
        Confirm a reservation as soon as its down payment is paid online
      </label>
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Saving…' : 'Save the booking policy'}
      </button>
    </form>
  );
}
