import { formatCentavos } from '@samgyup/shared/money';
import { useApiData } from '@samgyup/shared';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { staffData, staffRequest, useStaffSession } from '../session/staff-session';
import { methodName, OUTCOME_WORDS, REFUND_WORDS, type ReservationPayments as Payments } from './staff-payments';

const REASONS = [
  ['requested_by_customer', 'The diner asked'],
  ['duplicate', 'Paid twice'],
  ['fraudulent', 'Fraudulent'],
  ['others', 'Other'],
] as const;

/** In the reservation panel: how it was paid (online with method and PayMongo id, or proof), amounts, refunds; admins refund. */
export function ReservationPaymentsView({ reservationId }: { reservationId: number }) {
  const load = useCallback((signal: AbortSignal) => staffData<Payments>(`/api/staff/reservations/${reservationId}/payments`, signal), [reservationId]);
  const { state, retry } = useApiData(`reservation-payments-${reservationId}`, load);
  const { message, busy, run } = useStaffAction({ refresh: retry, failed: 'Not refunded. Please try again.' });
  const admin = useStaffSession()?.staff.role === 'admin';
  const reasonId = useId();
  const notesId = useId();
  const [reason, setReason] = useState<string>('requested_by_customer');
  const [notes, setNotes] = useState('');

  if (state.status === 'loading') return <p role="status">Loading the payments…</p>;
  if (state.status === 'error') {
    return (
      <p role="alert">
        The payments could not be loaded.{' '}
        <button type="button" className="button button--ghost" onClick={retry}>
          Try again
        </button>
      </p>
    );
  }
  const data = state.data;
  const refunded = new Set(data.refunds.map((refund) => refund.provider_payment_id));
  const refundable = data.payments.some((payment) => payment.outcome !== 'failed' && !refunded.has(payment.provider_payment_id));
  const applied = data.payments.find((payment) => payment.outcome === 'applied');

  function refund(event: FormEvent) {
    event.preventDefault();
    void run(() => staffRequest<{ message: string }>(`/api/staff/reservations/${reservationId}/refund`, { method: 'POST', body: { reason, notes } }));
  }

  return (
    <section aria-label="Payments">
      <h3>Payment</h3>
      <p>
        {data.paid_by === 'online' && applied
          ? `Paid online with ${methodName(applied.method)} (PayMongo ${applied.provider_payment_id}).`
          : data.paid_by === 'proof'
            ? 'Paid by QR, with a proof of payment.'
            : 'Not paid yet.'}{' '}
        {`Asked ${formatCentavos(data.asked_centavos)}; paid ${formatCentavos(data.paid_centavos)}.`}
      </p>
      {data.payments.length > 0 && (
        <ul>
          {data.payments.map((payment) => (
            <li
              key={payment.id}
            >{`${formatCentavos(payment.amount_centavos)} with ${methodName(payment.method)} · ${payment.provider_payment_id} · ${OUTCOME_WORDS[payment.outcome]}`}</li>
          ))}
        </ul>
      )}
      {data.refunds.length > 0 && (
        <ul aria-label="Refunds">
          {data.refunds.map((refundRow) => (
            <li
              key={refundRow.id}
            >{`Refund of ${formatCentavos(refundRow.amount_centavos)} · ${REFUND_WORDS[refundRow.status]}${refundRow.last_error && refundRow.status === 'failed' ? `: ${refundRow.last_error}` : ''} · asked by ${refundRow.requested_by}`}</li>
          ))}
        </ul>
      )}
      <StaffMessage message={message} />
      {admin && refundable && (
        <form onSubmit={refund} className="staff-form">
          <label htmlFor={reasonId}>Refund reason</label>
          <select id={reasonId} value={reason} onChange={(event) => setReason(event.target.value)}>
            {REASONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <label htmlFor={notesId}>Why (the diner does not see this)</label>
          <input id={notesId} value={notes} maxLength={255} onChange={(event) => setNotes(event.target.value)} />
          <button type="submit" className="button button--secondary" disabled={busy}>
            Refund the online payment
          </button>
        </form>
      )}
    </section>
  );
}
