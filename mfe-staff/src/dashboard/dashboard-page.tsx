import { MONTH_NAMES, slotLabel, useInBrowser } from '@samgyup/shared';
import type { StaffDashboard } from '@samgyup/shared/dashboard';
import { useNearView } from '@samgyup/shared/near-view';
import { lazy, Suspense, useCallback, useMemo, useRef, type ReactNode } from 'react';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded } from '../layout/staff-messages';
import { useStaffData } from '../layout/use-staff-data';
import type { ChartSeries } from './dashboard-chart';
import '../styles/dashboard.css';

// The chart library comes in a chunk of its own, once a chart is about to scroll into view: on a
// phone or a tablet the charts sit below today's figures, and uPlot's start was the screen's longest task.
const DashboardChart = lazy(() => import('./dashboard-chart'));

/** Today's figures are for the counter: they refresh every minute while the screen is open. */
const REFRESH_MS = 60_000;

const shortDay = (iso: string) => `${MONTH_NAMES[Number(iso.slice(5, 7)) - 1].slice(0, 3)} ${Number(iso.slice(8, 10))}`;
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** /staff: the console's first screen, today at a glance and the last 30 days. */
export function DashboardPage() {
  return <StaffPage title="Dashboard">{() => <DashboardBoard />}</StaffPage>;
}

/** The dashboard the screen was drawn with on the site's server, if it is one. */
function readDrawnDashboard(data: unknown): StaffDashboard {
  const dashboard = data as Partial<StaffDashboard> | null;
  if (!dashboard || typeof dashboard.today !== 'object' || !Array.isArray(dashboard.today?.slots)) throw new Error('not a dashboard');
  return dashboard as StaffDashboard;
}

function DashboardBoard() {
  const { state, refresh } = useStaffData<StaffDashboard>('staff-dashboard', '/api/staff/dashboard', REFRESH_MS, readDrawnDashboard);
  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading today's figures…" what="the dashboard" onRetry={refresh} />;
  return <DashboardFigures data={state.data} />;
}

function DashboardFigures({ data }: { data: StaffDashboard }) {
  const { today } = data;
  const bookingsToday = sum(today.slots.map((slot) => slot.bookings));
  const guestsToday = sum(today.slots.map((slot) => slot.guests));
  return (
    <>
      <section aria-labelledby="dashboard-today">
        <h2 id="dashboard-today">Today at a glance</h2>
        <dl className="dashboard-glance">
          <Figure term="Bookings today" value={bookingsToday} note={`${guestsToday} guests`} />
          <Figure term="Seated tables" value={today.seated_tables} note={`of ${today.active_tables} tables · ${today.seated_seats} of ${today.active_seats} seats`} />
          <Figure term="Open refill requests" value={today.open_refill_requests} />
          <Figure term="Proofs to check" value={today.pending_proofs} />
          <Figure term="Paid online today" value={today.paid_online} note={`${today.paid_by_proof} paid by proof`} />
        </dl>
        <table className="dashboard-table">
          <caption>Bookings by slot today</caption>
          <thead>
            <tr>
              <th scope="col">Slot</th>
              <th scope="col">Bookings</th>
              <th scope="col">Guests</th>
            </tr>
          </thead>
          <tbody>
            {['17:00', '18:30', '20:00'].map((time) => {
              const slot = today.slots.find((one) => one.time === time);
              return (
                <tr key={time}>
                  <th scope="row">{slotLabel(time)}</th>
                  <td>{slot?.bookings ?? 0}</td>
                  <td>{slot?.guests ?? 0}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <h2>The last {data.days} days</h2>
      <div className="dashboard-charts">
        <BookingsChart data={data} />
        <SlotChart data={data} />
        <RefillHoursChart data={data} />
        <TopItems data={data} />
        <ReviewsChart data={data} />
      </div>
    </>
  );
}

function Figure({ term, value, note }: { term: string; value: number; note?: string }) {
  return (
    <div className="dashboard-glance__figure">
      <dt>{term}</dt>
      <dd>
        <strong>{value}</strong>
        {note && <span> {note}</span>}
      </dd>
    </div>
  );
}

/** A chart with its summary (the caption) and its figures as a table a screen reader or a small screen can use. */
function ChartPanel({
  title,
  summary,
  chart,
  table,
}: {
  title: string;
  summary: string;
  chart: { xLabels: string[]; series: ChartSeries[] } | null;
  table: { head: string[]; rows: (string | number)[][] };
}) {
  const panel = useRef<HTMLElement>(null);
  const near = useNearView(panel);
  // Drawn on the site's server, the screen may carry no style attribute (the pages' CSP): the key's colours come with the script.
  const inBrowser = useInBrowser();
  const waiting = (
    <div className="dashboard-chart">
      <p role="status">Drawing the chart…</p>
    </div>
  );
  return (
    <figure className="dashboard-panel" ref={panel}>
      <figcaption>
        <strong>{title}</strong>
        <span className="dashboard-panel__summary">{summary}</span>
      </figcaption>
      {chart && (
        <>
          {near && inBrowser ? (
            <Suspense fallback={waiting}>
              <DashboardChart label={`${title}: ${summary}`} xLabels={chart.xLabels} series={chart.series} />
            </Suspense>
          ) : (
            waiting
          )}
          {/* The chart's key, drawn with the panel (not by the chart library, later): the figures' table names every series too. */}
          <ul className="dashboard-chart-legend" aria-hidden="true">
            {chart.series.map((one) => (
              <li key={one.label}>
                <span className="dashboard-chart-legend__swatch" style={inBrowser ? { background: one.color } : undefined} />
                {one.label}
              </li>
            ))}
          </ul>
        </>
      )}
      <details className="dashboard-panel__figures">
        <summary>{title}: the figures</summary>
        <table className="dashboard-table">
          <thead>
            <tr>
              {table.head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map(([first, ...rest]) => (
              <tr key={String(first)}>
                <th scope="row">{first}</th>
                {rest.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function BookingsChart({ data }: { data: StaffDashboard }) {
  const rows = data.bookings_per_day;
  const chart = useMemo(
    () => ({
      xLabels: rows.map((row) => shortDay(row.day)),
      series: [
        { label: 'Bookings', values: rows.map((row) => row.bookings), color: '#b3261e', bars: true },
        { label: 'Guests', values: rows.map((row) => row.guests), color: '#1d4ed8' },
      ],
    }),
    [rows],
  );
  const busiest = rows.reduce((best, row) => (row.guests > best.guests ? row : best), rows[0]);
  const summary = `${sum(rows.map((row) => row.bookings))} bookings for ${sum(rows.map((row) => row.guests))} guests${busiest && busiest.guests > 0 ? `; busiest ${shortDay(busiest.day)} (${busiest.guests} guests)` : ''}.`;
  return (
    <ChartPanel
      title="Bookings and guests per day"
      summary={summary}
      chart={chart}
      table={{ head: ['Day', 'Bookings', 'Guests'], rows: rows.map((row) => [shortDay(row.day), row.bookings, row.guests]) }}
    />
  );
}

function SlotChart({ data }: { data: StaffDashboard }) {
  const occupancy = data.slot_occupancy;
  const rows = useMemo(
    () => ['17:00', '18:30', '20:00'].map((time) => occupancy.find((row) => row.time === time) ?? { time, booked: 0, capacity: 0, guests: 0, seats: 0 }),
    [occupancy],
  );
  const chart = useMemo(
    () => ({
      // The slot's start on the axis ("5:00 PM"): whole ranges do not fit three abreast on a phone; the summary and table have them.
      xLabels: rows.map((row) => slotLabel(row.time).split(' - ')[0]),
      // Seats, not bookings: a group of 20 on joined tables fills far more of a slot than a couple.
      series: [{ label: 'Seats booked (%)', values: rows.map((row) => percent(row.guests, row.seats)), color: '#15803d', bars: true }],
    }),
    [rows],
  );
  const summary = rows.map((row) => `${slotLabel(row.time)}: ${percent(row.guests, row.seats)}% of seats`).join('; ');
  return (
    <ChartPanel
      title="Slot occupancy"
      summary={`${summary}.`}
      chart={chart}
      table={{
        head: ['Slot', 'Tables booked', 'Guests', 'Seats booked'],
        rows: rows.map((row) => [slotLabel(row.time), `${row.booked} of ${row.capacity}`, `${row.guests} of ${row.seats}`, `${percent(row.guests, row.seats)}%`]),
      }}
    />
  );
}

function RefillHoursChart({ data }: { data: StaffDashboard }) {
  const hours = data.refills_per_hour;
  const span = useMemo(() => {
    const first = Math.min(16, ...hours.map((row) => row.hour));
    const last = Math.max(23, ...hours.map((row) => row.hour));
    return Array.from({ length: last - first + 1 }, (_, index) => first + index);
  }, [hours]);
  const count = useCallback((hour: number) => hours.find((row) => row.hour === hour)?.requests ?? 0, [hours]);
  const chart = useMemo(() => ({ xLabels: span.map(hourLabel), series: [{ label: 'Refill requests', values: span.map(count), color: '#c2410c', bars: true }] }), [span, count]);
  const peak = hours.reduce<{ hour: number; requests: number } | null>((best, row) => (!best || row.requests > best.requests ? row : best), null);
  const summary = peak ? `${sum(hours.map((row) => row.requests))} requests; most at ${hourLabel(peak.hour)} (${peak.requests}).` : 'No refill requests yet.';
  return (
    <ChartPanel title="Refill requests per hour" summary={summary} chart={chart} table={{ head: ['Hour', 'Requests'], rows: span.map((hour) => [hourLabel(hour), count(hour)]) }} />
  );
}

/** The most requested items as labelled bars in plain HTML: names stay readable on a phone. */
function TopItems({ data }: { data: StaffDashboard }) {
  // As the charts' key: a bar's length comes with the script when the screen was drawn on the site's server.
  const inBrowser = useInBrowser();
  const items = data.top_refill_items;
  const most = Math.max(1, ...items.map((item) => item.quantity));
  // A general refill names no item, so requests can be many while no item has a count.
  const requests = Math.max(sum(data.refills_per_hour.map((row) => row.requests)), data.today.open_refill_requests);
  const open = data.today.open_refill_requests;
  let list: ReactNode = (
    <p>
      {requests === 0
        ? 'No refill requests yet.'
        : `${requests} refill ${requests === 1 ? 'request' : 'requests'} in the last ${data.days} days, all general refills naming no items${open > 0 ? `; ${open} open now` : ''}.`}
    </p>
  );
  if (items.length > 0) {
    list = (
      <ol className="dashboard-bars">
        {items.map((item) => (
          <li key={item.name}>
            <span className="dashboard-bars__name">{item.name}</span>
            <span className="dashboard-bars__bar" style={inBrowser ? { width: `${Math.max(4, (item.quantity / most) * 100)}%` } : undefined} aria-hidden="true" />
            <span className="dashboard-bars__value">{item.quantity}</span>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <figure className="dashboard-panel">
      <figcaption>
        <strong>Most requested refill items</strong>
        <span className="dashboard-panel__summary">{items.length ? `${items[0].name} leads with ${items[0].quantity}.` : ''}</span>
      </figcaption>
      {list}
    </figure>
  );
}

function ReviewsChart({ data }: { data: StaffDashboard }) {
  const { per_day: rows, reviews, average_rating: average } = data.reviews;
  const chart = useMemo(
    () => ({
      xLabels: rows.map((row) => shortDay(row.day)),
      series: [
        { label: 'New reviews', values: rows.map((row) => row.reviews), color: '#6d28d9', bars: true },
        { label: 'Average rating', values: rows.map((row) => row.average_rating), color: '#ca8a04', rightScale: { label: 'Stars', min: 0, max: 5 } },
      ],
    }),
    [rows],
  );
  const summary = reviews > 0 ? `${reviews} new reviews, ${average?.toFixed(1)} stars on average.` : 'No new reviews.';
  return (
    <ChartPanel
      title="Reviews and average rating"
      summary={summary}
      chart={chart}
      table={{ head: ['Day', 'New reviews', 'Average rating'], rows: rows.map((row) => [shortDay(row.day), row.reviews, row.average_rating ?? '–']) }}
    />
  );
}
