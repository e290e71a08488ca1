import { isApiError } from '@samgyup/shared';
import { useId, useState } from 'react';
import { staffErrorMessage } from '../session/staff-session';
import { confirmReservation, declineReservation, type StaffReservation } from './staff-reservation';

// The decline form's rule and its validation library (zod, a third of the screen's code) are fetched when a
// decline begins, not with the list: most decisions are confirmations. A load that failed is asked for anew.
let declineRule: Promise<typeof import('@samgyup/shared/validation').declineSchema> | null = null;
function loadDeclineRule() {
  declineRule ??= import('@samgyup/shared/validation').then(
    (validation) => validation.declineSchema,
    (error: unknown) => {
      declineRule = null;
      throw error;
    },
  );
  return declineRule;
}

/** Confirm, or decline with a reason; the API lets only the first decision win. */
export function ReservationDecision({
  reservation,
  onDecided,
  onStale,
}: {
  reservation: StaffReservation;
  onDecided: (message: string) => void;
  /** Someone else decided first: the list should be read again. */
  onStale: () => void;
}) {
  const reasonId = useId();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<string>) {
    setBusy(true);
    setProblem(null);
    try {
      onDecided(await action());
    } catch (error) {
      setProblem(staffErrorMessage(error, 'The decision was not saved. Please try again.'));
      setBusy(false);
      if (isApiError(error) && error.status === 409) onStale();
    }
  }

  async function decline() {
    setBusy(true);
    let declineSchema;
    try {
      declineSchema = await loadDeclineRule();
    } catch {
      setProblem('The decline form could not be loaded. Check your connection, then press Decline reservation again.');
      setBusy(false);
      return;
    }
    const parsed = declineSchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0].message);
      setBusy(false);
      return;
    }
    void run(() => declineReservation(reservation.id, parsed.data.reason));
  }

  return (
    <div className="staff-decision">
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      {!reservation.has_payment_proof && <p>No proof of payment has been uploaded yet.</p>}
      {declining ? (
        <>
          <label htmlFor={reasonId}>Reason (the customer reads it)</label>
          <textarea id={reasonId} rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          <div className="staff-actions">
            <button type="button" className="button" disabled={busy} onClick={() => void decline()}>
              Decline reservation
            </button>
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => setDeclining(false)}>
              Back
            </button>
          </div>
        </>
      ) : (
        <div className="staff-actions">
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => confirmReservation(reservation.id))}>
            Confirm
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => {
              setDeclining(true);
              void loadDeclineRule().catch(() => undefined);
            }}
          >
            Decline…
          </button>
        </div>
      )}
    </div>
  );
}
