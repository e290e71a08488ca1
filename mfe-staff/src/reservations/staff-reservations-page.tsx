import { formatLongUsDate, formatPesos, RESTAURANT_UTC_OFFSET, slotLabel, useInBrowser, usePolledApiData, useSearchParams } from '@samgyup/shared';
import { formatRestaurantDateTime, heldTablesLabel } from '@samgyup/shared/reservation';
import { readFollowedList, useLiveMode, useStaffLiveEvents } from '../live/staff-live';
import { useCallback, useState } from 'react';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded } from '../layout/staff-messages';
import { drawnList } from '../layout/use-staff-data';
import { PaymentProofView } from './payment-proof-view';
import { ReservationDecision } from './reservation-decision';
import { ReservationHistory } from './reservation-history';
import { CustomerRecordView } from './customer-record';
import { ReservationPaymentsView } from '../payments/reservation-payments';
import { findStaffReservation, listStaffReservationsFollowed, markNoShow, PAYMENT_WORDS, REFUND_STATUS_WORDS, STATUS_WORDS, type StaffReservation } from './staff-reservation';
import { staffErrorMessage } from '../session/staff-session';

export const RESERVATIONS_REFRESH_MS = 30_000;

/** /staff/reservations: reservations by date and slot, narrowed by ?view=, ?from=, ?to= and ?q=; ?id= opens one. */
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

/** The list's views: the default is what needs staff's action; cancelled and declined ones sit apart. */
const VIEWS = {
  action: { label: 'Needs action (pending)', statuses: ['pending'] },
  confirmed: { label: 'Confirmed', statuses: ['confirmed'] },
  closed: { label: 'Cancelled or declined', statuses: ['cancelled', 'declined'] },
  no_show: { label: 'No-shows', statuses: ['no_show'] },
  all: { label: 'All', statuses: [] },
} satisfies Record<string, { label: string; statuses: StaffReservation['status'][] }>;
type View = keyof typeof VIEWS;
const viewOf = (value: string | null): View => (value && Object.hasOwn(VIEWS, value) ? (value as View) : 'action');

/** The plain address's list as the site's server drew it: the screen starts from it. Any other view is read by the script. */
const DRAWN_LIST = drawnList<StaffReservation>('/api/staff/reservations?status=pending');

/** The payment badge: a paid booking that no longer stands says where its refund is, not a bare "Paid". */
const paymentWords = (row: StaffReservation) => (row.refund_status ? REFUND_STATUS_WORDS[row.refund_status] : PAYMENT_WORDS[row.payment_status]);

/** `ready` is false while drawn on the site's server: the filter shows disabled until the script runs. */
function ReservationsFilter({ params, ready, onChange }: { params: URLSearchParams; ready: boolean; onChange: (change: Record<string, string>) => void }) {
  const [search, setSearch] = useState(params.get('q') ?? '');
  return (
    <form
      className="staff-filter"
      role="search"
      aria-label="Reservations"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: search.trim() });
      }}
    >
      <label>
        Show
        <select value={viewOf(params.get('view'))} disabled={!ready} onChange={(event) => onChange({ view: event.target.value })}>
          {Object.entries(VIEWS).map(([value, view]) => (
            <option key={value} value={value}>
              {view.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        From
        <input type="date" value={params.get('from') ?? ''} disabled={!ready} onChange={(event) => onChange({ from: event.target.value })} />
      </label>
      <label>
        To
        <input type="date" value={params.get('to') ?? ''} disabled={!ready} onChange={(event) => onChange({ to: event.target.value })} />
      </label>
      <label>
        Name, phone or #number
        <input type="search" value={search} maxLength={100} disabled={!ready} onChange={(event) => setSearch(event.target.value)} />
      </label>
      <button type="submit" className="button button--secondary" disabled={!ready}>
        Search
      </button>
    </form>
  );
}

function ReservationsBoard() {
  const ready = useInBrowser();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const [notice, setNotice] = useState<string | null>(null);
  const live = useLiveMode();
  const view = viewOf(params.get('view'));
  const [from, to, q] = [params.get('from') ?? '', params.get('to') ?? '', params.get('q') ?? ''];
  const load = useCallback(
    (signal: AbortSignal) => readFollowedList('reservations', signal, () => listStaffReservationsFollowed({ status: VIEWS[view].statuses, from, to, q }, signal)),
    [view, from, to, q],
  );
  const plain = view === 'action' && !from && !to && !q;
  const { state, refresh } = usePolledApiData(
    `staff-reservations:${view}|${from}|${to}|${q}`,
    load,
    live === 'polling' ? RESERVATIONS_REFRESH_MS : null,
    plain ? DRAWN_LIST : undefined,
  );
  const listed = state.status === 'ready' ? (state.data.find((row) => row.id === openId) ?? null) : null;
  // The one staff opened stays open when the list's view leaves it out (just confirmed, or found by its link).
  const loadOpen = useCallback((signal: AbortSignal) => (openId ? findStaffReservation(openId, signal) : Promise.resolve(null)), [openId]);
  const outside = usePolledApiData(`staff-reservation:${openId}`, loadOpen, null);
  const refreshAll = () => {
    refresh();
    outside.refresh();
  };
  useStaffLiveEvents((message) => {
    if (message.kind.startsWith('reservation.')) refreshAll();
  }, refreshAll);
  const change = (values: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(values)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
  };
  const open = listed ?? (outside.state.status === 'ready' ? outside.state.data : null);
  const days = state.status === 'ready' ? groupByDateAndSlot(state.data) : new Map<string, Map<string, StaffReservation[]>>();
  return (
    <div className="staff-split">
      <div>
        <ReservationsFilter params={params} ready={ready} onChange={change} />
        {notice && (
          <p className="staff-notice" role="status">
            {notice}
          </p>
        )}
        {state.status !== 'ready' && <NotLoaded state={state} loading="Loading reservations…" what="reservations" onRetry={refresh} />}
        {state.status === 'ready' && state.refreshFailed && <p role="status">Could not refresh just now; showing the last list.</p>}
        {state.status === 'ready' && state.data.length === 0 && (
          <p>{q || from || to || view !== 'all' ? `No reservations match: ${VIEWS[view].label.toLowerCase()}${q ? `, “${q}”` : ''}.` : 'No reservations from today on.'}</p>
        )}
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
                        disabled={!ready}
                        onClick={() => change({ id: String(row.id) })}
                      >
                        <span className="staff-row__main">
                          #{row.id} · {heldTablesLabel(row)} · {row.customer_name} · {row.number_of_guests} People
                        </span>
                        <span className={`staff-badge staff-badge--${row.status}`}>{STATUS_WORDS[row.status]}</span>
                        <span className={`staff-badge staff-badge--${row.refund_status ? 'refund' : row.payment_status}`}>{paymentWords(row)}</span>
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
            <button type="button" className="button button--ghost" onClick={() => change({ id: '' })}>
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
              {heldTablesLabel(open)}, {open.number_of_guests} People
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
              {PAYMENT_WORDS[open.payment_status]} ({formatPesos(open.down_payment_due)} due){open.refund_status ? ` · ${REFUND_STATUS_WORDS[open.refund_status]}` : ''}
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
                  .finally(refreshAll);
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
                refreshAll();
              }}
              onStale={refreshAll}
            />
          )}
        </aside>
      )}
    </div>
  );
}
