import { formatLongUsDate, formatPesos, isApiError, Link, restaurantToday, siteConfig, slotLabel, TIME_SLOTS, useApiData, useSearchParams, useSession } from '@samgyup/shared';
import { FormField } from '@samgyup/shared/account-forms';
import type { ManagedReservation } from '@samgyup/shared/reservation';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { heldTablesLabel, restaurantDateAtTime, tablesLabel, type TableOption } from '@samgyup/shared/reservation';
import { getTableOptions } from '../form/get-table-options';
import { reservationIdFrom } from '../status/get-reservation';
import { cancelManagedReservation, getManagedReservation, rescheduleManagedReservation, type ManageTarget } from './manage-reservation-api';
import { LoadProblem } from '../status/load-problem';
import '../styles/reservation.css';

const STATUS_WORDS: Record<ManagedReservation['status'], string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  no_show: 'Marked as a no-show',
};
const PAYMENT_WORDS: Record<ManagedReservation['payment_status'], string> = {
  pending: 'Not paid yet',
  pending_review: 'Proof received, being checked',
  paid: 'Paid',
  rejected: 'Proof not accepted',
};

const problemText = (error: unknown, fallback: string) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : fallback);

/**
 * /reservation-manage?token=…: the link from a reservation message; view, cancel or move it without logging in.
 * /reservation-manage?id=…: the same from My reservations, for the logged-in diner who owns it.
 */
export function ReservationManagePage() {
  const [params] = useSearchParams();
  const session = useSession();
  const token = params.get('token') ?? '';
  const id = reservationIdFrom(params);
  const target = useMemo<ManageTarget | null>(() => (token ? { token } : id === null ? null : { id }), [token, id]);
  let body;
  if (target === null) body = <p role="alert">This address has no reservation link. Please open the link from your message.</p>;
  else if ('token' in target || session) body = <ManagedReservationView target={target} />;
  else {
    body = (
      <>
        <p>Please log in to manage your reservation.</p>
        <Link className="button" to={`/login-reservation?redirect=${encodeURIComponent(`/reservation-manage?id=${id}`)}`}>
          Log in
        </Link>
      </>
    );
  }
  return (
    <section className="reservation-page reservation-page--narrow" aria-labelledby="reservation-manage-title">
      <h1 id="reservation-manage-title">Your reservation</h1>
      {body}
    </section>
  );
}

function ManagedReservationView({ target }: { target: ManageTarget }) {
  const load = useCallback((signal: AbortSignal) => getManagedReservation(target, signal), [target]);
  const { state, retry } = useApiData(`manage-${'token' in target ? target.token : `id-${target.id}`}`, load);
  const [current, setCurrent] = useState<ManagedReservation | null>(null);
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.status === 'ready') setCurrent(state.data);
  }, [state]);
  // After a cancel or a move the form that was used may be gone: bring the answer into view and give it focus.
  useEffect(() => {
    if (!notice || !noticeRef.current) return;
    noticeRef.current.focus();
    noticeRef.current.scrollIntoView?.({ block: 'center' });
  }, [notice]);

  if (state.status === 'loading') return <p role="status">Loading your reservation…</p>;
  if (state.status === 'error') return <LoadProblem error={state.error} what="your reservation" finalStatuses={[404, 410]} onRetry={retry} />;
  const reservation = current ?? state.data;
  const changed = (message: string, next: ManagedReservation) => {
    setNotice({ text: message, at: Date.now() });
    setCurrent(next);
  };
  return (
    <>
      {notice && (
        <p ref={noticeRef} className="reservation-note reservation-status-line--ok" role="status" tabIndex={-1} data-testid="manage-notice">
          {notice.text}
        </p>
      )}
      <dl className="reservation-summary">
        <div>
          <dt>Reservation</dt>
          <dd>#{reservation.id}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatLongUsDate(reservation.reservation_date)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{slotLabel(reservation.reservation_time)}</dd>
        </div>
        <div>
          <dt>Table</dt>
          <dd>{heldTablesLabel(reservation)}</dd>
        </div>
        <div>
          <dt>Guests</dt>
          <dd>{reservation.number_of_guests} People</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="manage-status">{STATUS_WORDS[reservation.status]}</dd>
        </div>
        <div>
          <dt>Down payment</dt>
          <dd>
            {formatPesos(reservation.down_payment_due)}: {PAYMENT_WORDS[reservation.payment_status]}
          </dd>
        </div>
      </dl>
      <ChangePolicy reservation={reservation} />
      {reservation.status === 'cancelled' && <p className="reservation-note">{reservation.down_payment_on_cancel}</p>}
      {reservation.changes_until && (
        <>
          <CancelSection target={target} reservation={reservation} onChanged={changed} />
          <RescheduleSection target={target} reservation={reservation} onChanged={changed} />
        </>
      )}
      {'id' in target && (
        <p>
          <Link to="/my-reservations">Back to my reservations</Link>
        </p>
      )}
    </>
  );
}

function ChangePolicy({ reservation }: { reservation: ManagedReservation }) {
  if (reservation.status !== 'pending' && reservation.status !== 'confirmed') return null;
  if (!reservation.changes_until) {
    return <p className="reservation-note">Changes to this reservation are closed. Please call us at {siteConfig.contact.phone} if your plans change.</p>;
  }
  const until = restaurantDateAtTime(reservation.changes_until);
  return (
    <div className="reservation-note">
      <p>You can cancel or move this reservation until {until} (Philippine time).</p>
      <p>If you cancel: {reservation.down_payment_on_cancel}</p>
      <p>If you move it: your down payment moves with the reservation.</p>
    </div>
  );
}

interface SectionProps {
  target: ManageTarget;
  reservation: ManagedReservation;
  onChanged: (message: string, next: ManagedReservation) => void;
}

function CancelSection({ target, onChanged }: SectionProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function cancel() {
    setBusy(true);
    setProblem(null);
    try {
      const { message, reservation } = await cancelManagedReservation(target);
      onChanged(message, reservation);
    } catch (error) {
      setProblem(problemText(error, 'Your reservation was not cancelled. Please try again.'));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }
  return (
    <section className="manage-section" aria-labelledby="manage-cancel-title">
      <h2 id="manage-cancel-title">Cancel</h2>
      {problem && <p role="alert">{problem}</p>}
      {asking ? (
        <>
          <p>Cancel this reservation? Your table is given to someone else.</p>
          <button type="button" className="button" disabled={busy} onClick={() => void cancel()}>
            {busy ? 'Cancelling…' : 'Yes, cancel my reservation'}
          </button>{' '}
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setAsking(false)}>
            Keep it
          </button>
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          Cancel this reservation
        </button>
      )}
    </section>
  );
}

function RescheduleSection({ target, reservation, onChanged }: SectionProps) {
  const timeId = useId();
  const tableId = useId();
  const [date, setDate] = useState('');
  const [time, setTime] = useState<string>(reservation.reservation_time);
  const [tables, setTables] = useState<{ status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; list: TableOption[] }>({ status: 'idle' });
  const [choice, setChoice] = useState<TableOption | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!date) return;
    const controller = new AbortController();
    setTables({ status: 'loading' });
    getTableOptions(date, time, reservation.number_of_guests, controller.signal)
      .then(({ options }) => {
        setTables({ status: 'ready', list: options });
        // The same tables when they are free then, else the best fit.
        const same = options.find((option) => option.table_numbers.join() === reservation.table_numbers.join());
        setChoice(same ?? options[0] ?? null);
      })
      .catch(() => {
        if (!controller.signal.aborted) setTables({ status: 'failed' });
      });
    return () => controller.abort();
  }, [date, time, reservation.number_of_guests, reservation.table_numbers]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!date || choice === null) return;
    setBusy(true);
    setProblem(null);
    try {
      const to = choice.combination_id === null ? { table_id: choice.table_id } : { combination_id: choice.combination_id };
      const answer = await rescheduleManagedReservation(target, { reservation_date: date, reservation_time: time, ...to });
      onChanged(answer.message, answer.reservation);
      setDate('');
    } catch (error) {
      setProblem(problemText(error, 'Your reservation was not moved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="manage-section" aria-labelledby="manage-move-title">
      <h2 id="manage-move-title">Move to another date or time</h2>
      <form className="manage-move" onSubmit={(event) => void submit(event)}>
        <FormField label="New date" type="date" required min={restaurantToday()} value={date} onChange={(event) => setDate(event.target.value)} />
        <div className="form-field">
          <label htmlFor={timeId}>New time</label>
          <select id={timeId} value={time} onChange={(event) => setTime(event.target.value)}>
            {TIME_SLOTS.map((slot) => (
              <option key={slot.start} value={slot.start}>
                {slot.label}
              </option>
            ))}
          </select>
        </div>
        {tables.status === 'loading' && <p role="status">Looking for free tables…</p>}
        {tables.status === 'failed' && <p role="alert">Unable to load the free tables. Please choose the date again.</p>}
        {tables.status === 'ready' &&
          (tables.list.length === 0 ? (
            <p role="alert">No table for {reservation.number_of_guests} is free then. Please choose another date or time.</p>
          ) : (
            <div className="form-field">
              <label htmlFor={tableId}>Table</label>
              <select
                id={tableId}
                value={choice ? choice.table_numbers.join() : ''}
                onChange={(event) => setChoice(tables.list.find((option) => option.table_numbers.join() === event.target.value) ?? null)}
              >
                {tables.list.map((option) => (
                  <option key={option.table_numbers.join()} value={option.table_numbers.join()}>
                    {`${tablesLabel(option.table_numbers)} (seats ${option.seats})`}
                  </option>
                ))}
              </select>
            </div>
          ))}
        {problem && <p role="alert">{problem}</p>}
        <button type="submit" className="button" disabled={busy || !date || choice === null}>
          {busy ? 'Moving…' : 'Move my reservation'}
        </button>
      </form>
    </section>
  );
}
