import { formatLongUsDate, formatPesos, RESTAURANT_UTC_OFFSET, slotLabel, usePolledApiData, useSearchParams } from '@samgyup/shared';
import { formatRestaurantDateTime } from '@samgyup/shared/reservation';
import { useLiveMode, useStaffLiveEvents } from '../live/staff-live';
import { useState } from 'react';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded } from '../layout/staff-messages';
import { PaymentProofView } from './payment-proof-view';
import { ReservationDecision } from './reservation-decision';
import { ReservationHistory } from './reservation-history';
import { CustomerRecordView } from './customer-record';
import { ReservationPaymentsView } from '../payments/reservation-payments';
import { listStaffReservations, markNoShow, PAYMENT_WORDS, STATUS_WORDS, type StaffReservation } from './staff-reservation';
import { staffErrorMessage } from '../session/staff-session';

export const RESERVATIONS_REFRESH_MS = 30_000;

/** /staff/reservations: today's and upcoming reservations by date and slot; ?id= opens one. */
export function StaffReservationsPage() {
  return <StaffPage title="Reservations">{() => <ReservationsBoard />}</StaffPage>;
}

/** The slot began (in the restaurant's time): only then can a party be a no-show. */
const slotHasStarted = (row: StaffReservation) => new Date(`${row.reservation_date}T${row.reservation_time}:00${RESTAURANT_UTC_OFFSET}`) <= new Date();

function groupByDateAndSlot(rows: StaffReservation[]) {
  const days = new Map<string, Map<string, StaffReservation[]>>();
  for (const row of rows) {
    const slots = days.get(row.reservation_date) ?? new Map<string, StaffReservation[]>();
    slots.set(row.reservation_time, [...(slots.get(row.reservation_time) ?? []), row]);
    days.set(row.reservation_date, slots);
  }
  return days;
}

function ReservationsBoard() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const [notice, setNotice] = useState<string | null>(null);
  const live = useLiveMode();
  const { state, refresh } = usePolledApiData('staff-reservations', listStaffReservations, live === 'polling' ? RESERVATIONS_REFRESH_MS : null);
  useStaffLiveEvents((message) => {
    if (message.kind.startsWith('reservation.')) refresh();
  }, refresh);

  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading reservations…" what="reservations" onRetry={refresh} />;
  const open = state.data.find((row) => row.id === openId) ?? null;
  const days = groupByDateAndSlot(state.data);
  return (
    <div className="staff-split">
      <div>
        {notice && (
          <p className="staff-notice" role="status">
            {notice}
          </p>
        )}
        {state.refreshFailed && <p role="status">Could not refresh just now; showing the last list.</p>}
        {state.data.length === 0 && <p>No reservations from today on.</p>}
        {[...days].map(([date, slots]) => (
          <section key={date} className="staff-day" aria-label={formatLongUsDate(date)}>
            <h2>{formatLongUsDate(date)}</h2>
            {[...slots].map(([time, rows]) => (
              <div key={time}>
                <h3>{slotLabel(time)}</h3>
                <ul className="staff-list">
                  {rows.map((row) => (
                    <li key={row.id}>
                      <button
                        type="button"
                        className={`staff-row${row.id === openId ? ' staff-row--open' : ''}`}
                        aria-pressed={row.id === openId}
                        onClick={() => setParams({ id: String(row.id) })}
                      >
                        <span className="staff-row__main">
                          #{row.id} · Table {row.table_number} · {row.customer_name} · {row.number_of_guests} People
                        </span>
                        <span className={`staff-badge staff-badge--${row.status}`}>{STATUS_WORDS[row.status]}</span>
                        <span className={`staff-badge staff-badge--${row.payment_status}`}>{PAYMENT_WORDS[row.payment_status]}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))}
      </div>
      {open && (
        <aside className="staff-detail" aria-label={`Reservation #${open.id}`}>
          <div className="staff-detail__head">
            <h2>Reservation #{open.id}</h2>
            <button type="button" className="button button--ghost" onClick={() => setParams({})}>
              Close
            </button>
          </div>
          <dl className="staff-facts">
            <dt>Name</dt>
            <dd>{open.customer_name}</dd>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${open.phone.replace(/[^\d+]/g, '')}`}>{open.phone}</a>
            </dd>
            <dt>Email</dt>
            <dd>{open.email}</dd>
            <dt>When</dt>
            <dd>
              {formatLongUsDate(open.reservation_date)}, {slotLabel(open.reservation_time)}
            </dd>
            <dt>Table</dt>
            <dd>
              Table {open.table_number}, {open.number_of_guests} People
            </dd>
            {open.occasion && (
              <>
                <dt>Occasion</dt>
                <dd>{open.occasion}</dd>
              </>
            )}
            {open.notes && (
              <>
                <dt>Notes</dt>
                <dd>{open.notes}</dd>
              </>
            )}
            <dt>Status</dt>
            <dd>{STATUS_WORDS[open.status]}</dd>
            <dt>Payment</dt>
            <dd>
              {PAYMENT_WORDS[open.payment_status]} ({formatPesos(open.down_payment_due)} due)
            </dd>
            {open.decided_by && (
              <>
                <dt>Decided</dt>
                <dd>
                  by {open.decided_by} on {formatRestaurantDateTime(open.decided_at!)}
                  {open.decline_reason ? `: ${open.decline_reason}` : ''}
                </dd>
              </>
            )}
          </dl>
          {open.has_payment_proof && <PaymentProofView reservationId={open.id} />}
          <ReservationPaymentsView key={`payments-${open.id}-${open.status}-${open.payment_status}`} reservationId={open.id} />
          {open.status === 'confirmed' && slotHasStarted(open) && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                markNoShow(open.id)
                  .then(setNotice, (error: unknown) => setNotice(staffErrorMessage(error, 'Not marked. Please try again.')))
                  .finally(refresh);
              }}
            >
              Mark as no-show
            </button>
          )}
          <ReservationHistory key={`history-${open.id}-${open.status}-${open.reservation_date}-${open.reservation_time}`} reservationId={open.id} />
          <CustomerRecordView key={`record-${open.id}-${open.status}`} reservationId={open.id} />
          {open.status === 'pending' && (
            <ReservationDecision
              key={open.id}
              reservation={open}
              onDecided={(message) => {
                setNotice(message);
                refresh();
              }}
              onStale={refresh}
            />
          )}
        </aside>
      )}
    </div>
  );
}
