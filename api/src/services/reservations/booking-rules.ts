import { formatPesos } from '@samgyup/shared/money';
import { RESTAURANT_UTC_OFFSET } from '@samgyup/shared/constants';
import { downPaymentFor, minutesOf, restaurantTime, restaurantToday, type BookingPolicy } from '@samgyup/shared/reservation';
import { closedReasonFor, openTimeSlots, type ClosedDate, type RestaurantSettings } from '@samgyup/shared/settings';
import { settingsMessages } from '@samgyup/shared/validation';
import type { AppConfig } from '../../config';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { getBookingPolicy } from '../../repositories/booking-policy-repository';
import type { Reservation } from '../../repositories/reservations-repository';
import { findClosedDate } from '../../repositories/restaurant-settings-repository';
import { findLargestActiveCapacity, findTableById, type RestaurantTable } from '../../repositories/tables-repository';
import { currentSettings } from '../restaurant-settings';
import { bookingRuleMessages, reservationApiMessages } from './reservation-messages';

/**
 * The last day a booking may be for: the booking calendar's last year (the
 * spec's years 1900-2099). Beyond it is no date anyone can pick, only a typo or a probe.
 */
export const LAST_BOOKABLE_DATE = '2099-12-31';

/** The restaurant's today and wall clock (HH:MM); tests may pin the clock (TEST_RESTAURANT_TIME). */
export interface RestaurantClock {
  today: string;
  time: string;
}

export function restaurantClock(config: Pick<AppConfig, 'testRestaurantTime'>, now = new Date()): RestaurantClock {
  return { today: restaurantToday(now), time: config.testRestaurantTime ?? restaurantTime(now) };
}

/** What a booking asks for: a date and slot for a party, on a table when one is chosen (a waitlist entry has none yet). */
export interface BookingRequest {
  date: string;
  time: string;
  partySize: number;
  tableId?: number;
}

/** What the rules read from the database for one date. */
export interface BookingFacts {
  settings: RestaurantSettings;
  closedDate: ClosedDate | null;
  largestTable: number;
}

/** A booking the rules allow, with the terms in force when it was made. */
export interface BookingTerms {
  /** The down payment the owner asks of this party now (per reservation, guest or group): recorded on the reservation. */
  downPaymentDue: number;
  /** Whether the diner's own cancellation refunds that down payment, as the policy says now: recorded on the reservation too. */
  refundOnCancel: boolean;
  table: RestaurantTable | null;
}

/** A rule a booking breaks: its message and the status it is answered with. */
export class BookingRuleError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'BookingRuleError';
  }
}

export async function loadBookingFacts(db: Queryable, config: Pick<AppConfig, 'downPaymentPesos'>, date: string): Promise<BookingFacts> {
  const [settings, closedDate, largestTable] = await Promise.all([currentSettings(db, config.downPaymentPesos), findClosedDate(db, date), findLargestActiveCapacity(db)]);
  return { settings, closedDate, largestTable };
}

/** Why nobody can book `date` at `time` (past, too far ahead, closed by the owner, already started), or null. */
export function slotProblem(facts: Pick<BookingFacts, 'settings' | 'closedDate'>, clock: RestaurantClock, date: string, time: string): string | null {
  if (date < clock.today) return reservationApiMessages.datePast;
  if (date > LAST_BOOKABLE_DATE) return bookingRuleMessages.tooFarAhead;
  const closedReason = closedReasonFor({ open_weekdays: facts.settings.open_weekdays, closed_dates: facts.closedDate ? [facts.closedDate] : [] }, date);
  if (closedReason) return settingsMessages.dateClosed(closedReason);
  if (!openTimeSlots(facts.settings).some((slot) => slot.start === time)) return settingsMessages.slotClosed;
  if (date === clock.today && minutesOf(time) <= minutesOf(clock.time)) return bookingRuleMessages.slotStarted;
  return null;
}

/**
 * The rules every booking obeys, whichever path it takes (the form, the manage
 * link's move, the waitlist's join, offer and claim): why `request` cannot be
 * booked, or null. The slot's rules come first, then whether the party fits
 * its table, or any table when none is chosen yet.
 */
export function bookingProblem(
  facts: BookingFacts,
  clock: RestaurantClock,
  request: BookingRequest,
  table?: Pick<RestaurantTable, 'capacity' | 'is_active'> | null,
): string | null {
  const problem = slotProblem(facts, clock, request.date, request.time);
  if (problem) return problem;
  if (request.tableId !== undefined) {
    if (!table || !table.is_active) return reservationApiMessages.tableUnknown;
    if (request.partySize > table.capacity) return reservationApiMessages.tooManyGuests;
  } else if (request.partySize > facts.largestTable) {
    return bookingRuleMessages.partyTooLarge(facts.largestTable);
  }
  return null;
}

/**
 * Checks `request` against the rules (throwing a BookingRuleError in their
 * words) and answers the terms in force: the owner's down payment and the table.
 */
export async function checkBookingRules(db: Queryable, config: Pick<AppConfig, 'downPaymentPesos' | 'testRestaurantTime'>, request: BookingRequest): Promise<BookingTerms> {
  const [facts, table, policy] = await Promise.all([
    loadBookingFacts(db, config, request.date),
    request.tableId === undefined ? Promise.resolve(null) : findTableById(db, request.tableId),
    getBookingPolicy(db),
  ]);
  const problem = bookingProblem(facts, restaurantClock(config), request, table);
  if (problem) throw new BookingRuleError(problem);
  return { downPaymentDue: downPaymentFor(facts.settings.down_payment_pesos, policy, request.partySize), refundOnCancel: policy.refund_on_cancel, table };
}

/** Of `times` on `date`, those that take no bookings (a closed day or slot, a slot already started): the slot picker shows them as taken. */
export async function slotsClosedForBooking(db: Queryable, config: Pick<AppConfig, 'downPaymentPesos' | 'testRestaurantTime'>, date: string, times: string[]): Promise<string[]> {
  const [settings, closedDate] = await Promise.all([currentSettings(db, config.downPaymentPesos), findClosedDate(db, date)]);
  const clock = restaurantClock(config);
  return times.filter((time) => slotProblem({ settings, closedDate }, clock, date, time) !== null);
}

/** Whether `date` at `time` takes bookings at all: the free-tables lookup shows none when it does not. */
export async function slotOpenForBooking(db: Queryable, config: Pick<AppConfig, 'downPaymentPesos' | 'testRestaurantTime'>, date: string, time: string): Promise<boolean> {
  return (await slotsClosedForBooking(db, config, date, [time])).length === 0;
}

/** When a slot starts, as an instant. */
export function slotStart(date: string, time: string): Date {
  return new Date(`${date}T${time}:00${RESTAURANT_UTC_OFFSET}`);
}

/** When the visit ends: after this a manage link no longer works. */
export function visitEnd(reservation: Pick<Reservation, 'reservation_date' | 'reservation_time' | 'duration_hours'>): Date {
  return new Date(slotStart(reservation.reservation_date, reservation.reservation_time).getTime() + reservation.duration_hours * 3600_000);
}

/** Until when a diner may still cancel or move it; null when that time has passed or it no longer holds a table. */
export function changesUntil(policy: BookingPolicy, reservation: Reservation, now = new Date()): Date | null {
  if (reservation.status !== 'pending' && reservation.status !== 'confirmed') return null;
  const until = new Date(slotStart(reservation.reservation_date, reservation.reservation_time).getTime() - policy.change_cutoff_hours * 3600_000);
  return until > now ? until : null;
}

/**
 * Whether the restaurant owes the diner their down payment back, for a booking that no longer stands: it was paid, and
 * the restaurant declined or cancelled it, or the diner cancelled it while the policy it was booked under refunds that.
 */
export function refundOwed(reservation: Pick<Reservation, 'status' | 'payment_status' | 'decided_by' | 'refund_on_cancel'>): boolean {
  if (reservation.payment_status !== 'paid') return false;
  if (reservation.status === 'declined') return true;
  if (reservation.status !== 'cancelled') return false;
  return reservation.decided_by === 'customer' ? reservation.refund_on_cancel : true;
}

/** What happens to the down payment when the diner cancels (by the policy it was booked under), said as the page and the messages say it. */
export function downPaymentOnCancel(reservation: Reservation): string {
  const amount = formatPesos(reservation.down_payment_due);
  if (reservation.payment_status === 'pending') return 'No down payment has been paid, so nothing is refunded or kept.';
  if (reservation.payment_status === 'rejected') return 'Your payment proof was not accepted, so nothing is kept.';
  return reservation.refund_on_cancel ? `Your ${amount} down payment is refunded to the account you paid from within 7 days.` : `Your ${amount} down payment is not refunded.`;
}
