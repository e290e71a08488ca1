import { formatLongUsDate, reservationCalendarFile, slotLabel } from '@samgyup/shared/reservation';
import { siteConfig } from '@samgyup/shared/constants';
import type { Reservation } from '../repositories/reservations-repository';
import type { Mailer } from './mailer';

function details(reservation: Reservation): string {
  return [
    `Reservation #${reservation.id}`,
    `Name: ${reservation.customer_name}`,
    `Date: ${formatLongUsDate(reservation.reservation_date)}`,
    `Time: ${slotLabel(reservation.reservation_time)}`,
    `Guests: ${reservation.number_of_guests} People`,
    `Table: Table ${reservation.table_number}`,
  ].join('\n');
}

/** Tells the customer their reservation was confirmed, with the details and an .ics file. */
export function sendConfirmation(mailer: Mailer, reservation: Reservation): Promise<void> {
  return mailer.send({
    to: reservation.email,
    subject: `Your table at ${siteConfig.brandName} is confirmed`,
    text: `${details(reservation)}\n\nPlease show this message or screenshots and your payment receipt at the table. Arrive early to avoid cancellation.\n\n${siteConfig.brandName}\n${siteConfig.contact.address}\n${siteConfig.contact.phone}`,
    attachments: [
      { filename: `samgyup-reservation-${reservation.id}.ics`, content: reservationCalendarFile(reservation), contentType: 'text/calendar; charset=utf-8' },
    ],
  });
}

/** Tells the customer their reservation was declined, and why. */
export function sendDecline(mailer: Mailer, reservation: Reservation): Promise<void> {
  return mailer.send({
    to: reservation.email,
    subject: `About your reservation at ${siteConfig.brandName}`,
    text: `Sorry, we could not confirm this reservation.\nReason: ${reservation.decline_reason ?? 'not given'}\n\n${details(reservation)}\n\nPlease call us at ${siteConfig.contact.phone} if you have questions.\n\n${siteConfig.brandName}`,
  });
}
