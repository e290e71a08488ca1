import { RESTAURANT_TIME_ZONE } from '@samgyup/shared/constants';
import type { StaffDashboard } from '@samgyup/shared/dashboard';
import type { Queryable } from '../db/database';

/** The console's "today" figures: the shape its screen reads (the one type both sides use). */
type Today = StaffDashboard['today'];

// Figures for the console's dashboard, each one aggregated by PostgreSQL. A
// booking counts while it holds its table (pending or confirmed); days and
// hours are the restaurant's (Asia/Manila).

const BOOKED = `status IN ('pending', 'confirmed')`;

/** SQL: reservation `r` was paid by an online payment (PayMongo); otherwise staff confirmed its proof. */
const PAID_ONLINE = `EXISTS (SELECT 1 FROM online_payments p WHERE p.reservation_id = r.id AND p.outcome = 'applied')`;

export async function todayAtAGlance(db: Queryable, today: string) {
  const [slots, [counts]] = await Promise.all([
    db.query<Today['slots'][number]>(
      `SELECT reservation_time AS time, count(*)::int AS bookings, coalesce(sum(number_of_guests), 0)::int AS guests
         FROM reservations WHERE reservation_date = $1::date AND ${BOOKED}
        GROUP BY reservation_time ORDER BY reservation_time`,
      [today],
    ),
    db.query<Omit<Today, 'date' | 'slots'>>(
      `SELECT (SELECT count(*) FROM seated_tables)::int AS seated_tables,
              (SELECT count(*) FROM refill_requests WHERE status IN ('pending', 'in_progress'))::int AS open_refill_requests,
              (SELECT count(*) FROM reservations WHERE status = 'pending' AND payment_status = 'pending_review')::int AS pending_proofs,
              (SELECT count(*) FROM restaurant_tables WHERE is_active)::int AS active_tables,
              (SELECT coalesce(sum(t.capacity), 0) FROM seated_tables st JOIN restaurant_tables t ON t.id = st.table_id)::int AS seated_seats,
              (SELECT coalesce(sum(capacity), 0) FROM restaurant_tables WHERE is_active)::int AS active_seats,
              (SELECT count(*) FROM reservations r WHERE r.reservation_date = $1::date AND r.payment_status = 'paid' AND ${PAID_ONLINE})::int AS paid_online,
              (SELECT count(*) FROM reservations r WHERE r.reservation_date = $1::date AND r.payment_status = 'paid' AND NOT ${PAID_ONLINE})::int AS paid_by_proof`,
      [today],
    ),
  ]);
  return { slots, ...counts };
}

/** The last `days` days up to `today`, one row per day even when nothing happened. */
export function bookingsPerDay(db: Queryable, today: string, days: number) {
  return db.query<{ day: string; bookings: number; guests: number }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day, count(r.id)::int AS bookings, coalesce(sum(r.number_of_guests), 0)::int AS guests
       FROM generate_series($1::date - ($2::int - 1), $1::date, interval '1 day') AS d
       LEFT JOIN reservations r ON r.reservation_date = d::date AND r.${BOOKED}
      GROUP BY d ORDER BY d`,
    [today, days],
  );
}

/**
 * Per slot over the period: tables held (each table of joined tables) against the tables there were
 * (active tables × days), and guests booked against the seats there were (their seats × days).
 */
export function slotOccupancy(db: Queryable, today: string, days: number) {
  return db.query<{ time: string; booked: number; capacity: number; guests: number; seats: number }>(
    `SELECT reservation_time AS time, sum((SELECT count(*) FROM table_holds h WHERE h.reservation_id = r.id))::int AS booked,
            ($2::int * (SELECT count(*) FROM restaurant_tables WHERE is_active))::int AS capacity,
            sum(number_of_guests)::int AS guests,
            ($2::int * (SELECT coalesce(sum(capacity), 0) FROM restaurant_tables WHERE is_active))::int AS seats
       FROM reservations r
      WHERE reservation_date BETWEEN $1::date - ($2::int - 1) AND $1::date AND r.${BOOKED}
      GROUP BY reservation_time ORDER BY reservation_time`,
    [today, days],
  );
}

export function refillsPerHour(db: Queryable, days: number) {
  return db.query<{ hour: number; requests: number }>(
    `SELECT extract(hour FROM created_at AT TIME ZONE '${RESTAURANT_TIME_ZONE}')::int AS hour, count(*)::int AS requests
       FROM refill_requests WHERE created_at >= now() - make_interval(days => $1::int)
      GROUP BY 1 ORDER BY 1`,
    [days],
  );
}

export function topRefillItems(db: Queryable, days: number, limit: number) {
  return db.query<{ name: string; quantity: number }>(
    `SELECT item->>'name' AS name, sum((item->>'quantity')::int)::int AS quantity
       FROM refill_requests, jsonb_array_elements(items) AS item
      WHERE created_at >= now() - make_interval(days => $1::int) AND status <> 'cancelled'
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT $2`,
    [days, limit],
  );
}

export async function reviewsPerDay(db: Queryable, today: string, days: number) {
  const [perDay, [overall]] = await Promise.all([
    db.query<{ day: string; reviews: number; average_rating: number | null }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, count(f.id)::int AS reviews, round(avg(f.rating), 2)::float AS average_rating
         FROM generate_series($1::date - ($2::int - 1), $1::date, interval '1 day') AS d
         LEFT JOIN feedback f ON (f.created_at AT TIME ZONE '${RESTAURANT_TIME_ZONE}')::date = d::date
        GROUP BY d ORDER BY d`,
      [today, days],
    ),
    db.query<{ reviews: number; average_rating: number | null }>(
      `SELECT count(*)::int AS reviews, round(avg(rating), 2)::float AS average_rating FROM feedback
        WHERE (created_at AT TIME ZONE '${RESTAURANT_TIME_ZONE}')::date BETWEEN $1::date - ($2::int - 1) AND $1::date`,
      [today, days],
    ),
  ]);
  return { per_day: perDay, ...overall };
}
