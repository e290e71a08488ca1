import { formatLongUsDate, formatPesos, isApiError, restaurantToday, siteConfig, slotLabel, TIME_SLOTS, useApiData, useSearchParams } from '@samgyup/shared';
import type { ManagedReservation } from '@samgyup/shared/reservation';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { heldTablesLabel, tablesLabel, type TableOption } from '@samgyup/shared/reservation';
import { getTableOptions } from '../form/get-table-options';
import { cancelManagedReservation, getManagedReservation, rescheduleManagedReservation } from './manage-reservation-api';
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

/** /reservation-manage?token=…: the link from a reservation message; view, cancel or move it without logging in. */
export function ReservationManagePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <section className="reservation-page reservation-page--narrow" aria-labelledby="reservation-manage-title">
      <h1 id="reservation-manage-title">Your reservation</h1>
      {token ? <ManagedReservationView token={token} /> : <p role="alert">This address has no reservation link. Please open the link from your message.</p>}
    </section>
  );
}

function ManagedReservationView({ token }: { token: string }) {
  const load = useCallback((signal: AbortSignal) => getManagedReservation(token, signal), [token]);
  const { state, retry } = useApiData(`manage-${token}`, load);
  const [current, setCurrent] = useState<ManagedReservation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (state.status === 'ready') setCurrent(state.data);
  }, [state]);

  if (state.status === 'loading') return <p role="status">Loading your reservation…</p>;
  if (state.status === 'error') return <LoadProblem error={state.error} what="your reservation" finalStatuses={[404, 410]} onRetry={retry} />;
  const reservation = current ?? state.data;
  const changed = (message: string, next: ManagedReservation) => {
    setNotice(message);
    setCurrent(next);
  };
  return (
    <>
      {notice && (
        <p className="reservation-note" role="status">
          {notice}
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
      {reservation.changes_until && (
        <>
          <CancelSection token={token} reservation={reservation} onChanged={changed} />
          <RescheduleSection token={token} reservation={reservation} onChanged={changed} />
        </>
      )}
    </>
  );
}

function ChangePolicy({ reservation }: { reservation: ManagedReservation }) {
  if (reservation.status !== 'pending' && reservation.status !== 'confirmed') return null;
  if (!reservation.changes_until) {
    return <p className="reservation-note">Changes to this reservation are closed. Please call us at {siteConfig.contact.phone} if your plans change.</p>;
  }
  const until = new Date(reservation.changes_until).toLocaleString('en-US', { timeZone: 'Asia/Manila', dateStyle: 'long', timeStyle: 'short' });
  return (
    <div className="reservation-note">
      <p>You can cancel or move this reservation until {until} (Philippine time).</p>
      <p>If you cancel: {reservation.down_payment_on_cancel}</p>
      <p>If you move it: your down payment moves with the reservation.</p>
    </div>
  );
}

interface SectionProps {
  token: string;
  reservation: ManagedReservation;
  onChanged: (message: string, next: ManagedReservation) => void;
}

function CancelSection({ token, onChanged }: SectionProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function cancel() {
    setBusy(true);
    setProblem(null);
    try {
      const { message, reservation } = await cancelManagedReservation(token);
      onChanged(message, reservation);
    } catch (error) {
      setProblem(problemText(error, 'Your reservation was not cancelled. Please try again.'));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }
  return (
    <section aria-labelledby="manage-cancel-title">
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

function RescheduleSection({ token, reservation, onChanged }: SectionProps) {
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
      const answer = await rescheduleManagedReservation(token, { reservation_date: date, reservation_time: time, ...to });
      onChanged(answer.message, answer.reservation);
      setDate('');
    } catch (error) {
      setProblem(problemText(error, 'Your reservation was not moved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="manage-move-title">
      <h2 id="manage-move-title">Move to another date or time</h2>
      <form onSubmit={(event) => void submit(event)}>
        <label>
          New date
          <input type="date" required min={restaurantToday()} value={date} onChange={(event) => setDate(event.target.value)} />
        </label>
        <label>
          New time
          <select value={time} onChange={(event) => setTime(event.target.value)}>
            {TIME_SLOTS.map((slot) => (
              <option key={slot.start} value={slot.start}>
                {slot.label}
              </option>
            ))}
          </select>
        </label>
        {tables.status === 'loading' && <p role="status">Looking for free tables…</p>}
        {tables.status === 'failed' && <p role="alert">Unable to load the free tables. Please choose the date again.</p>}
        {tables.status === 'ready' &&
          (tables.list.length === 0 ? (
            <p role="alert">No table for {reservation.number_of_guests} is free then. Please choose another date or time.</p>
          ) : (
            <label>
              Table
              <select
                value={choice ? choice.table_numbers.join() : ''}
                onChange={(event) => setChoice(tables.list.find((option) => option.table_numbers.join() === event.target.value) ?? null)}
              >
                {tables.list.map((option) => (
                  <option key={option.table_numbers.join()} value={option.table_numbers.join()}>
                    {`${tablesLabel(option.table_numbers)} (seats ${option.seats})`}
                  </option>
                ))}
              </select>
            </label>
          ))}
        {problem && <p role="alert">{problem}</p>}
        <button type="submit" className="button" disabled={busy || !date || choice === null}>
          {busy ? 'Moving…' : 'Move my reservation'}
        </button>
      </form>
    </section>
  );
}
