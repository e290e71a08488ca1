import { RESTAURANT_UTC_OFFSET } from '../constants/business-rules';
import { siteConfig } from '../constants/site-config';
import { heldTablesLabel } from './joined-tables';
import { slotLabel } from './reservation-dates';

/** What the calendar file needs of a reservation. */
export interface CalendarReservation {
  id: number;
  reservation_date: string | null;
  reservation_time: string;
  duration_hours?: number;
  table_number?: number;
  /** Every table held (joined tables for a group). */
  table_numbers?: number[];
  table_id: number;
  number_of_guests: number;
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const escapeText = (text: string) => text.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/\r?\n/g, '\\n');

/**
 * How this file changes what the calendar holds: an update (a moved reservation)
 * or a cancellation carries a higher SEQUENCE under the same UID.
 */
export interface CalendarRevision {
  sequence: number;
  cancelled: boolean;
}

/** An iCalendar (.ics) event for the reservation, in the restaurant's time. */
export function reservationCalendarFile(reservation: CalendarReservation, now: Date = new Date(), revision: CalendarRevision = { sequence: 0, cancelled: false }): string {
  const start = new Date(`${reservation.reservation_date}T${reservation.reservation_time}:00${RESTAURANT_UTC_OFFSET}`);
  const end = new Date(start.getTime() + (reservation.duration_hours ?? 2) * 3600_000);
  const tables = heldTablesLabel(reservation);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${siteConfig.brandName}//Reservations//EN`,
    'CALSCALE:GREGORIAN',
    revision.cancelled ? 'METHOD:CANCEL' : 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:reservation-${reservation.id}@samgyupplaridel.ph`,
    `SEQUENCE:${revision.sequence}`,
    ...(revision.cancelled ? ['STATUS:CANCELLED'] : []),
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeText(`${siteConfig.brandName}: ${tables} for ${reservation.number_of_guests}`)}`,
    `LOCATION:${escapeText(siteConfig.contact.address)}`,
    `DESCRIPTION:${escapeText(
      `Reservation #${reservation.id}, ${slotLabel(reservation.reservation_time)}. Show this reservation and your payment receipt at the table. Arrive early to avoid cancellation.`,
    )}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
