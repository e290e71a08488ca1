/** GET /api/staff/dashboard: today at a glance and the last `days` days, as the console's first screen shows them. */
export interface StaffDashboard {
  today: {
    date: string;
    /** Bookings holding a table today, per slot start (HH:MM) that has any. */
    slots: { time: string; bookings: number; guests: number }[];
    /** Tables with a party at them: a group seated on joined tables counts each. */
    seated_tables: number;
    open_refill_requests: number;
    pending_proofs: number;
    active_tables: number;
    /** Seats at the seated tables, against the seats of every table in use. */
    seated_seats: number;
    active_seats: number;
    /** Today's paid bookings, paid online (PayMongo) or by a proof staff accepted. */
    paid_online: number;
    paid_by_proof: number;
  };
  days: number;
  bookings_per_day: { day: string; bookings: number; guests: number }[];
  /**
   * Per slot over the period: tables held (a group on joined tables holds each) against those there
   * were (active tables × days), and guests booked against seats there were (their seats × days).
   */
  slot_occupancy: { time: string; booked: number; capacity: number; guests: number; seats: number }[];
  /** Hours of the restaurant's day (0–23) that had any request. */
  refills_per_hour: { hour: number; requests: number }[];
  top_refill_items: { name: string; quantity: number }[];
  reviews: { reviews: number; average_rating: number | null; per_day: { day: string; reviews: number; average_rating: number | null }[] };
}
